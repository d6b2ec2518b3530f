package io.sites.bundle;

import static io.sites.bundle.BundleFixtures.INDEX;
import static io.sites.bundle.BundleFixtures.inputs;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.sites.api.code.Violation;
import io.sites.api.code.ViolationCode;
import io.sites.api.blob.BlobRef;
import io.sites.api.json.PublishFile;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Files named by a stored blob's sha256: resolved like stored uploads, never counted as remote files. */
class DigestFilesTest {
    private static final String SHA = "d".repeat(64);

    private static RemoteFiles storedOrUnknown(List<String> asked) {
        return (path, file) -> {
            asked.add(path);
            if (file.source() instanceof FileSource.StoredBlob digest && digest.sha256().equals(SHA)) {
                return new RemoteFiles.Stored(new BlobRef(SHA, 5), null, () -> "hello".getBytes());
            }
            return new RemoteFiles.Rejected(Violation.of(ViolationCode.UNKNOWN_DIGEST, path, "unknown", null));
        };
    }

    @Test
    void digestsAreResolvedBeyondTheRemoteFileLimit() {
        List<PublishFile> files = new ArrayList<>(List.of(INDEX));
        for (int i = 0; i < 25; i++) {
            files.add(PublishFile.digest("f" + i + ".txt", SHA));
        }
        List<String> asked = new ArrayList<>();

        Bundle bundle = new BundleReader(BundleLimits.spec(), RemoteFiles.unsupported())
                .read(inputs(files), storedOrUnknown(asked));

        assertThat(asked).hasSize(25);
        assertThat(bundle.file("f3.txt").orElseThrow().stored()).isEqualTo(new BlobRef(SHA, 5));
        assertThat(bundle.file("f3.txt").orElseThrow().contentType()).startsWith("text/plain");
    }

    @Test
    void everyUnknownDigestIsListedAndMalformedOnesAreInvalidFiles() {
        List<PublishFile> files = List.of(INDEX, PublishFile.digest("a.png", "e".repeat(64)),
                PublishFile.digest("b.png", "f".repeat(64)), PublishFile.digest("c.png", "ABC"),
                new PublishFile("d.txt", "x", null, null, null, null, SHA));

        BundleInvalidException invalid = assertThrows(BundleInvalidException.class,
                () -> new BundleReader(BundleLimits.spec(), RemoteFiles.unsupported())
                        .read(inputs(files), storedOrUnknown(new ArrayList<>())));

        assertThat(invalid.violations()).extracting(Violation::code, Violation::path).containsExactly(
                org.assertj.core.groups.Tuple.tuple("UNKNOWN_DIGEST", "a.png"),
                org.assertj.core.groups.Tuple.tuple("UNKNOWN_DIGEST", "b.png"),
                org.assertj.core.groups.Tuple.tuple("INVALID_FILE", "c.png"),
                org.assertj.core.groups.Tuple.tuple("INVALID_FILE", "d.txt"));
        assertThat(invalid.violations().get(3).message()).contains("content and sha256");
    }
}
