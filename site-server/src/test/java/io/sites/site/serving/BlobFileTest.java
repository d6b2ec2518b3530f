package io.sites.site.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.channel.FileRegion;
import io.sites.api.site.ManifestEntry;
import io.sites.api.blob.BlobRef;
import io.sites.blob.FileSystemBlobStore;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Blob files too large for the memory cache, sent with sendfile: opened once and shared, a response's span is the
 * file's bytes, a file of another size than recorded is refused, and a file let go of by the cache stays open until
 * its last response is done.
 */
class BlobFileTest {
    /** A cache that holds files up to an eighth of this, 8 KB: every file here is too large for it. */
    private static final long CACHE = 64 * 1024;

    @TempDir
    Path root;

    private FileSystemBlobStore store;

    @BeforeEach
    void store() throws IOException {
        store = new FileSystemBlobStore(root);
    }

    /** A blob in the real filesystem store, told apart from the others by its first bytes. */
    private ManifestEntry put(int n, byte[] bytes) throws IOException {
        bytes[0] = (byte) n;
        bytes[1] = (byte) (n >> 8);
        BlobRef blob = store.write(bytes);
        return new ManifestEntry("file-" + n + ".bin", "application/octet-stream", bytes.length, blob.sha256());
    }

    @Test
    void theOpenFilesAreAQuarterOfTheProcesssDescriptorsWithinBounds() {
        assertThat(SiteFiles.openFiles(1024)).isEqualTo(256);
        assertThat(SiteFiles.openFiles(20_000)).isEqualTo(5_000);
        assertThat(SiteFiles.openFiles(1_048_576)).isEqualTo(8_192);
        assertThat(SiteFiles.openFiles(64)).as("never fewer than 256").isEqualTo(256);
    }

    @Test
    void aSpanOfTheSharedFileIsItsBytes() throws IOException {
        SiteFiles files = new SiteFiles(store, CACHE, CACHE);
        byte[] bytes = new byte[100_000];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 31 + 7);
        }
        ManifestEntry file = put(1, bytes);
        assertThat(files.sentFromDisk(file, false)).isTrue();
        SiteFiles larger = new SiteFiles(store, 1 << 20, 1 << 20); // holds files up to 128 KiB in memory
        ManifestEntry cacheable = new ManifestEntry("photo.png", "image/png", 100_000, "b".repeat(64));
        assertThat(larger.sentFromDisk(cacheable, false))
                .as("a file the memory cache holds goes from memory where the head cannot be corked").isFalse();
        assertThat(larger.sentFromDisk(cacheable, true)).as("above 32 KiB, from disk where it can be").isTrue();
        assertThat(larger.sentFromDisk(new ManifestEntry("page.html", "text/html", SiteFiles.SENT_FROM_DISK_ABOVE,
                "c".repeat(64)), true)).as("a small file goes from memory, head and body in one buffer").isFalse();
        assertThat(files.file(file, false)).as("not open yet: opening is for a thread that may block").isNull();

        BlobFile whole = files.file(file, true);
        assertThat(sent(whole.region(0, bytes.length))).isEqualTo(bytes);
        BlobFile again = files.file(file, false);
        assertThat(again).as("open once, shared").isSameAs(whole);
        assertThat(sent(again.region(1_000, 2_000))).isEqualTo(Arrays.copyOfRange(bytes, 1_000, 3_000));
        assertThat(whole.channel.isOpen()).as("the cache still holds it").isTrue();
        assertThat(whole.refCnt()).as("every response gave its lease back").isEqualTo(1);
    }

    @Test
    void aFileOfAnotherSizeThanRecordedIsRefused() throws IOException {
        SiteFiles files = new SiteFiles(store, CACHE, CACHE);
        ManifestEntry file = put(2, new byte[40_000]);
        ManifestEntry claimed = new ManifestEntry(file.path(), file.contentType(), 50_000, file.sha256());
        assertThatThrownBy(() -> files.file(claimed, true)).isInstanceOf(IOException.class)
                .hasMessageContaining("40000 bytes, not 50000");
    }

    @Test
    void aFileLetGoOfStaysOpenUntilItsLastResponseIsDone() throws IOException {
        SiteFiles files = new SiteFiles(store, CACHE, CACHE, new SiteTraffic(), 256, null);
        ManifestEntry first = put(3, new byte[20_000]);
        BlobFile held = files.file(first, true);
        FileRegion inFlight = held.region(0, 20_000);
        List<BlobFile> others = new ArrayList<>();
        for (int n = 4; n < 600; n++) {
            BlobFile other = files.file(put(n, new byte[20_000]), true);
            others.add(other);
            other.release();
        }
        assertThat(others.stream().filter(file -> file.channel.isOpen()).count())
                .as("the cache keeps a bounded number of files open").isLessThanOrEqualTo(256);
        assertThat(held.channel.isOpen()).as("a response still sends it").isTrue();
        assertThat(sent(inFlight)).hasSize(20_000);
        boolean evicted = files.file(first, false) == null;
        assertThat(held.channel.isOpen()).as("closed once let go of and done, open while the cache has it")
                .isEqualTo(!evicted);
    }

    /** What the region puts on a connection; writing it gives its lease back, as Netty's write does. */
    private static byte[] sent(FileRegion region) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (WritableByteChannel target = Channels.newChannel(out)) {
            while (region.transferred() < region.count()) {
                region.transferTo(target, region.transferred());
            }
        } finally {
            region.release();
        }
        return out.toByteArray();
    }
}
