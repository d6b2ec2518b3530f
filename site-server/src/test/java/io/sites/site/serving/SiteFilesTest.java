package io.sites.site.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sites.api.site.ManifestEntry;
import io.sites.api.blob.BlobRef;
import io.sites.api.blob.BlobStore;
import io.sites.site.serving.SiteFiles.Coding;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

class SiteFilesTest {

    /** Counts opens: the cache must spare the store every request after the first. */
    static class CountingStore implements BlobStore {
        final Map<String, byte[]> blobs = new HashMap<>();
        final AtomicInteger opens = new AtomicInteger();

        @Override
        public BlobRef write(byte[] bytes) {
            throw new UnsupportedOperationException();
        }

        @Override
        public BlobRef write(InputStream in) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean contains(String sha256) {
            return blobs.containsKey(sha256);
        }

        @Override
        public Optional<InputStream> open(String sha256) {
            opens.incrementAndGet();
            return Optional.ofNullable(blobs.get(sha256)).map(ByteArrayInputStream::new);
        }
    }

    private static ManifestEntry put(CountingStore store, String path, String type, byte[] bytes, char hash) {
        String sha = String.valueOf(hash).repeat(64);
        store.blobs.put(sha, bytes);
        return new ManifestEntry(path, type, bytes.length, sha);
    }

    @Test
    void aCachedFileAndItsVariantsCostOneBlobReadAndOneCompressionEach() throws IOException {
        CountingStore store = new CountingStore();
        byte[] css = "body { color: sienna; }\n".repeat(500).getBytes(StandardCharsets.UTF_8);
        ManifestEntry file = put(store, "site.css", "text/css", css, 'a');
        SiteFiles files = new SiteFiles(store, 1 << 20, 1 << 20);

        ByteBuffer gzip = files.variant(file, Coding.GZIP);
        for (int i = 0; i < 10; i++) {
            assertThat(files.bytes(file)).isEqualTo(ByteBuffer.wrap(css));
            assertThat(files.variant(file, Coding.GZIP)).isSameAs(gzip);
            assertThat(files.variant(file, Coding.BROTLI)).isNotNull();
        }
        assertThat(store.opens.get()).isEqualTo(1);
        assertThat(new GZIPInputStream(new ByteArrayInputStream(array(gzip))).readAllBytes()).isEqualTo(css);
    }

    @Test
    void imagesAndTooLargeFilesGetNoVariantAndTheCacheStaysBounded() throws IOException {
        CountingStore store = new CountingStore();
        SiteFiles files = new SiteFiles(store, 80_000, 1_000);
        ManifestEntry png = put(store, "a.png", "image/png", new byte[5_000], 'b');
        ManifestEntry big = put(store, "big.css", "text/css", new byte[5_000], 'c');
        assertThat(files.variant(png, Coding.GZIP)).isNull();
        assertThat(files.variant(big, Coding.GZIP)).as("above compress-max-bytes").isNull();

        for (char hash = 'd'; hash <= 'z'; hash++) {
            files.bytes(put(store, hash + ".bin", "application/octet-stream", new byte[9_000], hash));
        }
        assertThat(files.usedBytes()).isLessThanOrEqualTo(80_000 + 9_000);
        assertThat(files.cacheable(put(store, "huge.bin", "application/octet-stream", new byte[20_000], '0')))
                .as("at most an eighth of the cache per file").isFalse();
    }

    @Test
    void cachedBytesLiveOutsideTheHeapAndCannotBeChangedByAReader() throws IOException {
        CountingStore store = new CountingStore();
        byte[] script = "console.log('hi');\n".repeat(100).getBytes(StandardCharsets.UTF_8);
        ManifestEntry file = put(store, "app.js", "text/javascript", script, 'e');
        SiteFiles files = new SiteFiles(store, 1 << 20, 1 << 20);

        ByteBuffer cached = files.bytes(file);
        assertThat(cached.isDirect()).isTrue();
        assertThat(cached.isReadOnly()).isTrue();
        assertThat(files.variant(file, Coding.GZIP).isDirect()).isTrue();
        cached.duplicate().position(10);
        assertThat(files.cached(file).position()).isZero();
    }

    @Test
    void aBlobWhoseLengthDisagreesWithTheManifestIsNeverServed() {
        CountingStore store = new CountingStore();
        ManifestEntry truncated = new ManifestEntry("a.html", "text/html", 100,
                put(store, "a.html", "text/html", new byte[60], 'f').sha256());
        ManifestEntry padded = new ManifestEntry("b.html", "text/html", 100,
                put(store, "b.html", "text/html", new byte[160], '1').sha256());
        SiteFiles files = new SiteFiles(store, 1 << 20, 1 << 20);

        assertThatThrownBy(() -> files.bytes(truncated)).isInstanceOf(IOException.class)
                .hasMessageContaining("shorter");
        assertThatThrownBy(() -> files.bytes(padded)).isInstanceOf(IOException.class).hasMessageContaining("longer");
        assertThat(files.cached(truncated)).isNull();
        assertThat(files.usedBytes()).isZero();
    }

    @Test
    void evictionDropsWhatWasNotReadAndKeepsWhatWas() throws IOException {
        CountingStore store = new CountingStore();
        SiteFiles files = new SiteFiles(store, 100_000, 1_000);
        List<ManifestEntry> loaded = new ArrayList<>();
        for (char hash = 'a'; hash <= 'j'; hash++) {
            loaded.add(put(store, hash + ".bin", "application/octet-stream", new byte[10_000], hash));
            files.bytes(loaded.getLast());
        }
        ManifestEntry unread = loaded.get(4);
        for (ManifestEntry file : loaded) {
            if (file != unread) {
                assertThat(files.cached(file)).isNotNull(); // a hit, as a request makes one
            }
        }

        // The cache is full (100 KB); one more file must free a tenth of it.
        ManifestEntry newcomer = put(store, "k.bin", "application/octet-stream", new byte[10_000], 'k');
        files.bytes(newcomer);
        assertThat(files.usedBytes()).isLessThanOrEqualTo(90_000);
        assertThat(files.cached(unread)).as("not read since it was loaded: the first to go").isNull();
        assertThat(files.cached(newcomer)).isNotNull();
        int opens = store.opens.get();
        assertThat(loaded.stream().filter(file -> files.cached(file) != null).count()).isEqualTo(8);
        assertThat(store.opens.get()).as("hits open nothing").isEqualTo(opens);
    }

    private static byte[] array(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }
}
