package io.sites.blob;

import io.sites.api.blob.BlobRef;
import io.sites.api.blob.BlobStore;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What every {@link BlobStore} promises; a subclass supplies a fresh, empty store per test. */
abstract class BlobStoreContract {

    static final String EMPTY_SHA = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    static final String HELLO_SHA = "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824";

    /** The store under test; the same instance for the whole test method. */
    protected abstract BlobStore store();

    /** A value that changes whenever the blob's stored bytes are (re)written, to prove dedup skips the write. */
    protected abstract Object writeFingerprint(String sha256) throws Exception;

    @Test
    void emptyBlobRoundTrips() throws Exception {
        BlobRef ref = store().write(new byte[0]);

        assertThat(ref).isEqualTo(new BlobRef(EMPTY_SHA, 0));
        assertThat(read(ref.sha256())).isEmpty();
        assertThat(store().contains(EMPTY_SHA)).isTrue();
    }

    @Test
    void emptyStreamRoundTrips() throws Exception {
        BlobRef ref = store().write(InputStream.nullInputStream());

        assertThat(ref).isEqualTo(new BlobRef(EMPTY_SHA, 0));
        assertThat(read(EMPTY_SHA)).isEmpty();
    }

    @Test
    void smallBlobRoundTripsUnderItsSha256() throws Exception {
        BlobRef ref = store().write("hello".getBytes(StandardCharsets.UTF_8));

        assertThat(ref).isEqualTo(new BlobRef(HELLO_SHA, 5));
        assertThat(new String(read(HELLO_SHA), StandardCharsets.UTF_8)).isEqualTo("hello");
    }

    @Test
    void multiMegabyteBlobRoundTrips() throws Exception {
        byte[] bytes = randomBytes(5 * 1024 * 1024 + 17, 1);

        BlobRef ref = store().write(bytes);

        assertThat(ref).isEqualTo(new BlobRef(sha256(bytes), bytes.length));
        assertThat(read(ref.sha256())).isEqualTo(bytes);
    }

    @Test
    void streamedBlobRoundTrips() throws Exception {
        byte[] bytes = randomBytes(300_000, 2);

        BlobRef ref = store().write(new ByteArrayInputStream(bytes));

        assertThat(ref).isEqualTo(new BlobRef(sha256(bytes), bytes.length));
        assertThat(read(ref.sha256())).isEqualTo(bytes);
    }

    @Test
    void twentyMegabyteStreamIsStoredIntact() throws Exception {
        long size = 20L * 1024 * 1024 + 3;
        MessageDigest expected = MessageDigest.getInstance("SHA-256");
        try (InputStream source = new GeneratedStream(size, 3)) {
            // Hash what the store consumes, so the test never holds the 20 MB either.
            InputStream hashing = new DigestInputStream(source, expected);
            BlobRef ref = store().write(hashing);

            assertThat(ref.size()).isEqualTo(size);
            assertThat(ref.sha256()).isEqualTo(HexFormat.of().formatHex(expected.digest()));

            MessageDigest actual = MessageDigest.getInstance("SHA-256");
            long read = 0;
            try (InputStream in = store().open(ref.sha256()).orElseThrow()) {
                byte[] chunk = new byte[64 * 1024];
                int n;
                while ((n = in.read(chunk)) != -1) {
                    actual.update(chunk, 0, n);
                    read += n;
                }
            }
            assertThat(read).isEqualTo(size);
            assertThat(HexFormat.of().formatHex(actual.digest())).isEqualTo(ref.sha256());
        }
    }

    @Test
    void identicalBytesAreStoredOnce() throws Exception {
        byte[] bytes = randomBytes(100_000, 4);
        BlobRef first = store().write(bytes);
        Object fingerprint = writeFingerprint(first.sha256());

        BlobRef again = store().write(bytes.clone());
        BlobRef streamed = store().write(new ByteArrayInputStream(bytes));

        assertThat(again).isEqualTo(first);
        assertThat(streamed).isEqualTo(first);
        assertThat(writeFingerprint(first.sha256())).isEqualTo(fingerprint);
        assertThat(read(first.sha256())).isEqualTo(bytes);
    }

    @Test
    void unknownHashOpensEmpty() throws Exception {
        String unknown = sha256("never written".getBytes(StandardCharsets.UTF_8));

        assertThat(store().open(unknown)).isEmpty();
        assertThat(store().contains(unknown)).isFalse();
    }

    @Test
    void containsIsTrueOnlyOnceWritten() throws Exception {
        byte[] bytes = "contains".getBytes(StandardCharsets.UTF_8);
        String sha = sha256(bytes);
        assertThat(store().contains(sha)).isFalse();

        store().write(bytes);

        assertThat(store().contains(sha)).isTrue();
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {
            "",
            "2CF24DBA5FB0A30E26E83B2AC5B9E29E1B161E5C1FA7425E73043362938B9824",
            "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b982",
            "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b98240",
            "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b982g",
            "../../../../../../../../../../../../../../../../../../../etc/passwd",
            "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b/../",
            "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b982\n",
            " 2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b982",
    })
    void invalidHashIsRejected(String sha) {
        assertThatThrownBy(() -> store().open(sha)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> store().contains(sha)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void concurrentWritesOfTheSameBytesAllSucceed() throws Exception {
        byte[] bytes = randomBytes(2 * 1024 * 1024, 5);
        BlobRef expected = new BlobRef(sha256(bytes), bytes.length);
        int threads = 8;
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<BlobRef>> results = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                boolean streamed = i % 2 == 1;
                Callable<BlobRef> writer = () -> {
                    go.await();
                    return streamed ? store().write(new ByteArrayInputStream(bytes)) : store().write(bytes);
                };
                results.add(pool.submit(writer));
            }
            go.countDown();
            for (Future<BlobRef> result : results) {
                assertThat(result.get(2, TimeUnit.MINUTES)).isEqualTo(expected);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(read(expected.sha256())).isEqualTo(bytes);
    }

    byte[] read(String sha256) throws IOException {
        Optional<InputStream> blob = store().open(sha256);
        assertThat(blob).as("blob %s", sha256).isPresent();
        try (InputStream in = blob.get()) {
            return in.readAllBytes();
        }
    }

    static byte[] randomBytes(int size, long seed) {
        byte[] bytes = new byte[size];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    /** Deterministic pseudo-random bytes of a given length, produced on the fly rather than held in memory. */
    static final class GeneratedStream extends InputStream {
        private final Random random;
        private long remaining;

        GeneratedStream(long size, long seed) {
            this.remaining = size;
            this.random = new Random(seed);
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) == -1 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (remaining == 0) {
                return -1;
            }
            int n = (int) Math.min(len, Math.min(remaining, 8192));
            byte[] chunk = new byte[n];
            random.nextBytes(chunk);
            System.arraycopy(chunk, 0, b, off, n);
            remaining -= n;
            return n;
        }
    }
}
