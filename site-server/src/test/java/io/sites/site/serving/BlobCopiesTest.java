package io.sites.site.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sites.api.site.ManifestEntry;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A remote store's blobs (S3 in a fleet) sent from local copies with sendfile, as a local store's are: copied once,
 * byte for byte, checked against their digest, bounded by bytes, and a copy deleted while a response sends it is
 * still read to its end.
 */
class BlobCopiesTest {
    private static final long CACHE = 1 << 20;

    @TempDir
    Path root;

    private static ManifestEntry put(SiteFilesTest.CountingStore store, int n, int size) throws Exception {
        byte[] bytes = new byte[size];
        new Random(n).nextBytes(bytes);
        String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        store.blobs.put(sha, bytes);
        return new ManifestEntry("file-" + n + ".bin", "application/octet-stream", size, sha);
    }

    private static byte[] read(BlobFile file, long offset, long length) throws IOException {
        try (InputStream in = file.stream(offset, length)) {
            return in.readAllBytes();
        }
    }

    @Test
    void aRemoteBlobIsCopiedOnceAndSentFromItsCopy() throws Exception {
        SiteFilesTest.CountingStore store = new SiteFilesTest.CountingStore();
        ManifestEntry large = put(store, 1, 5 * 1024 * 1024);
        ManifestEntry small = put(store, 2, 2 * 1024);
        SiteFiles files = new SiteFiles(store, CACHE, CACHE, new SiteTraffic(), 256,
                new BlobCopies(store, root.resolve("copies"), 64L << 20));
        assertThat(files.sentFromDisk(large, true)).isTrue();
        assertThat(files.sentFromDisk(large, false)).as("too large for the memory cache: from disk anyway").isTrue();
        assertThat(files.sentFromDisk(small, true)).as("small files stay in memory").isFalse();
        assertThat(new SiteFiles(store, CACHE, CACHE).sentFromDisk(large, true)).as("without copies").isFalse();

        BlobFile first = files.file(large, true);
        assertThat(read(first, 0, large.size())).isEqualTo(store.blobs.get(large.sha256()));
        BlobFile again = files.file(large, false);
        assertThat(again).as("open now, no blocking needed").isNotNull();
        assertThat(read(again, 1000, 10)).isEqualTo(java.util.Arrays.copyOfRange(store.blobs.get(large.sha256()),
                1000, 1010));
        assertThat(store.opens.get()).as("one read of the remote store").isEqualTo(1);
        assertThat(Files.exists(root.resolve("copies").resolve(large.sha256()))).isTrue();
    }

    @Test
    void aBlobThatIsNotWhatItsDigestSaysIsRefused() throws Exception {
        SiteFilesTest.CountingStore store = new SiteFilesTest.CountingStore();
        ManifestEntry file = put(store, 3, 100_000);
        store.blobs.get(file.sha256())[500] ^= 1;
        BlobCopies copies = new BlobCopies(store, root.resolve("copies"), 64L << 20);
        assertThatThrownBy(() -> copies.openFile(file)).isInstanceOf(IOException.class).hasMessageContaining("digest");
        try (var left = Files.list(root.resolve("copies"))) {
            assertThat(left).as("no copy, no partial file left").isEmpty();
        }
    }

    @Test
    void copiesAreBoundedAndAnEvictedCopyStillReadsToItsEnd() throws Exception {
        SiteFilesTest.CountingStore store = new SiteFilesTest.CountingStore();
        BlobCopies copies = new BlobCopies(store, root.resolve("copies"), 300_000);
        ManifestEntry a = put(store, 4, 200_000);
        ManifestEntry b = put(store, 5, 200_000);
        try (var sending = copies.openFile(a).orElseThrow()) {
            copies.openFile(b).orElseThrow().close();
            assertThat(copies.usedBytes()).isLessThanOrEqualTo(300_000);
            assertThat(Files.exists(root.resolve("copies").resolve(a.sha256()))).as("evicted").isFalse();
            java.nio.ByteBuffer all = java.nio.ByteBuffer.allocate(200_000);
            while (all.hasRemaining() && sending.read(all, all.position()) > 0) {
                // positional reads, as sendfile does
            }
            assertThat(all.array()).isEqualTo(store.blobs.get(a.sha256()));
        }
        // Restarted: the directory's leftovers are not known, so they are removed.
        new BlobCopies(store, root.resolve("copies"), 300_000);
        try (var left = Files.list(root.resolve("copies"))) {
            assertThat(left).isEmpty();
        }
    }
}
