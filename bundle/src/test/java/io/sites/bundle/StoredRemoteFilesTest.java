package io.sites.bundle;

import static io.sites.bundle.BundleFixtures.INDEX;
import static io.sites.bundle.BundleFixtures.inputs;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.code.Violation;
import io.sites.api.blob.BlobRef;
import io.sites.api.json.PublishFile;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Files already in the blob store: binary ones are never read back, text ones are, to apply the rules. */
class StoredRemoteFilesTest {

    @Test
    void aBinaryStoredFileIsCarriedByReferenceWithoutReadingIt() {
        AtomicInteger reads = new AtomicInteger();
        BlobRef blob = new BlobRef("a".repeat(64), 40_000_000L);
        RemoteFiles stored = (path, file) -> new RemoteFiles.Stored(blob, "video/mp4", () -> {
            reads.incrementAndGet();
            return new byte[0];
        });
        PublishFile video = new PublishFile("clip.mp4", null, null, null, null, "upl_x");

        Bundle bundle = new BundleReader(BundleLimits.spec(), RemoteFiles.unsupported())
                .read(inputs(List.of(INDEX, video)), stored);

        BundleFile file = bundle.file("clip.mp4").orElseThrow();
        assertThat(reads).hasValue(0);
        assertThat(file.bytes()).isNull();
        assertThat(file.stored()).isEqualTo(blob);
        assertThat(file.size()).isEqualTo(40_000_000L);
        assertThat(file.contentType()).isEqualTo("video/mp4");
    }

    @Test
    void aStoredScriptIsReadAndCheckedByTheAuthoringRules() {
        byte[] js = "import x from 'https://cdn.example.com/x.js';".getBytes(StandardCharsets.UTF_8);
        RemoteFiles stored = (path, file) -> new RemoteFiles.Stored(new BlobRef("b".repeat(64), js.length), null,
                () -> js);
        PublishFile script = new PublishFile("app.js", null, null, null, null, "upl_y");

        BundleInvalidException invalid = org.junit.jupiter.api.Assertions.assertThrows(BundleInvalidException.class,
                () -> new BundleReader(BundleLimits.spec(), RemoteFiles.unsupported())
                        .read(inputs(List.of(INDEX, script)), stored));

        assertThat(invalid.violations()).extracting(Violation::code).containsExactly("EXTERNAL_URL");
    }

    @Test
    void aStoredFileAboveTheFileLimitIsAViolation() {
        RemoteFiles stored = (path, file) -> new RemoteFiles.Stored(new BlobRef("c".repeat(64), 52_428_801L), null,
                () -> new byte[0]);
        PublishFile big = new PublishFile("big.bin", null, null, null, null, "upl_z");

        BundleInvalidException invalid = org.junit.jupiter.api.Assertions.assertThrows(BundleInvalidException.class,
                () -> new BundleReader(BundleLimits.spec(), RemoteFiles.unsupported())
                        .read(inputs(List.of(INDEX, big)), stored));

        assertThat(invalid.violations()).extracting(Violation::code).containsExactly("FILE_TOO_LARGE");
    }
}
