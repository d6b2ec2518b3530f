package io.sites.blob;

import io.sites.api.blob.BlobRef;
import io.sites.api.blob.BlobStore;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CreateMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;
import software.amazon.awssdk.services.s3.model.UploadPartRequest;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The contract against a real S3-protocol server (s3proxy in its own process). */
class S3BlobStoreTest extends BlobStoreContract {

    @RegisterExtension
    static final S3ProxyServer S3 = new S3ProxyServer();
    private static final AtomicInteger BUCKETS = new AtomicInteger();

    @TempDir
    Path spool;
    private final Map<String, AtomicInteger> putsByKey = new ConcurrentHashMap<>();
    private final List<Map<String, List<String>>> putHeaders = new CopyOnWriteArrayList<>();
    private final List<Map<String, List<String>>> partHeaders = new CopyOnWriteArrayList<>();
    private S3Client client;
    private S3BlobStore store;

    @BeforeEach
    void createStore() throws Exception {
        client = S3BlobStore.clientBuilder(settings("unused"))
                .overrideConfiguration(c -> c.addExecutionInterceptor(new PutRecorder()))
                .build();
        store = new S3BlobStore(client, "blobs-" + BUCKETS.incrementAndGet(), S3BlobStore.DEFAULT_PREFIX, spool);
        store.createBucketIfMissing();
    }

    @AfterEach
    void closeClient() {
        client.close();
    }

    @Override
    protected BlobStore store() {
        return store;
    }

    @Override
    protected Object writeFingerprint(String sha256) {
        return putsByKey.getOrDefault(store.keyOf(sha256), new AtomicInteger()).get();
    }

    @Test
    void blobsAreObjectsNamedPrefixPlusSha256() throws Exception {
        store.write("hello".getBytes(StandardCharsets.UTF_8));

        List<String> keys = client.listObjectsV2(r -> r.bucket(store.bucket())).contents().stream()
                .map(S3Object::key).toList();
        assertThat(keys).containsExactly("blobs/" + HELLO_SHA);
    }

    @Test
    void everyPutCarriesContentMd5AndSha256() throws Exception {
        byte[] bytes = "hello".getBytes(StandardCharsets.UTF_8);
        store.write(bytes);
        store.write(new ByteArrayInputStream("streamed".getBytes(StandardCharsets.UTF_8)));

        assertThat(putHeaders).hasSize(2);
        Map<String, List<String>> first = putHeaders.getFirst();
        assertThat(header(first, "Content-MD5")).isEqualTo("XUFAKrxLKna5cZ2REBfFkg==");
        assertThat(header(first, "x-amz-checksum-sha256"))
                .isEqualTo(Base64.getEncoder().encodeToString(HexFormat.of().parseHex(HELLO_SHA)));
        assertThat(header(putHeaders.get(1), "Content-MD5")).isNotNull();
        assertThat(header(putHeaders.get(1), "x-amz-checksum-sha256")).isNotNull();
    }

    @Test
    void largeBlobsGoUpInPartsEachWithContentMd5() throws Exception {
        int size = (int) S3BlobStore.MULTIPART_THRESHOLD + S3BlobStore.PART_SIZE / 2;
        byte[] bytes = randomBytes(size, 10);

        BlobRef fromArray = store.write(bytes);
        store = new S3BlobStore(client, "blobs-" + BUCKETS.incrementAndGet(), S3BlobStore.DEFAULT_PREFIX, spool);
        store.createBucketIfMissing();
        BlobRef fromStream = store.write(new ByteArrayInputStream(bytes));

        assertThat(fromStream).isEqualTo(fromArray).isEqualTo(new BlobRef(sha256(bytes), size));
        assertThat(putHeaders).isEmpty();
        assertThat(partHeaders).hasSize(6).allSatisfy(headers -> assertThat(header(headers, "Content-MD5")).isNotNull());
        assertThat(read(fromStream.sha256())).isEqualTo(bytes);
    }

    @Test
    void aStreamedWriteLeavesNoSpoolFile() throws Exception {
        store.write(new ByteArrayInputStream(randomBytes(50_000, 9)));
        store.write(new ByteArrayInputStream(randomBytes(50_000, 9)));

        try (Stream<Path> files = Files.list(spool)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void aMissingBucketIsAnErrorNotAnEmptyBlob() {
        S3BlobStore nowhere = new S3BlobStore(client, "no-such-bucket", S3BlobStore.DEFAULT_PREFIX, spool);

        assertThatThrownBy(() -> nowhere.open(HELLO_SHA)).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> nowhere.write("hello".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IOException.class);
    }

    @Test
    void createBucketIfMissingIsIdempotent() throws Exception {
        store.createBucketIfMissing();
        BlobRef ref = store.write("still here".getBytes(StandardCharsets.UTF_8));

        store.createBucketIfMissing();

        assertThat(store.contains(ref.sha256())).isTrue();
    }

    @Test
    void anEmptyPrefixKeysBlobsBySha256Alone() throws Exception {
        S3BlobStore bare = new S3BlobStore(client, store.bucket(), "", spool);

        bare.write("hello".getBytes(StandardCharsets.UTF_8));

        assertThat(client.listObjectsV2(r -> r.bucket(store.bucket())).contents())
                .extracting(S3Object::key).containsExactly(HELLO_SHA);
    }

    /** The store relies on the server checking the checksums it sends; prove this server does. */
    @Test
    void theServerRefusesBytesThatDoNotMatchTheirChecksums() {
        byte[] hello = "hello".getBytes(StandardCharsets.UTF_8);
        String helloMd5 = "XUFAKrxLKna5cZ2REBfFkg==";
        String helloSha = Base64.getEncoder().encodeToString(HexFormat.of().parseHex(HELLO_SHA));
        byte[] tampered = "jello".getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> client.putObject(r -> r.bucket(store.bucket()).key("md5").contentMD5(helloMd5),
                RequestBody.fromBytes(tampered))).isInstanceOf(S3Exception.class);
        assertThatThrownBy(() -> client.putObject(r -> r.bucket(store.bucket()).key("sha").checksumSHA256(helloSha),
                RequestBody.fromBytes(tampered))).isInstanceOf(S3Exception.class);
        client.putObject(r -> r.bucket(store.bucket()).key("ok").contentMD5(helloMd5).checksumSHA256(helloSha),
                RequestBody.fromBytes(hello));
    }

    static S3BlobStore.Settings settings(String bucket) {
        return new S3BlobStore.Settings(bucket, null, S3.endpoint(), S3.region(), true, S3.identity(),
                S3.credential());
    }

    private static String header(Map<String, List<String>> headers, String name) {
        return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                .map(e -> e.getValue().getFirst()).findFirst().orElse(null);
    }

    private final class PutRecorder implements ExecutionInterceptor {
        @Override
        public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
            // A retry (the SDK retries a slow answer on a loaded machine) sends the same request again: not another.
            boolean retry = context.httpRequest().firstMatchingHeader("amz-sdk-request")
                    .filter(value -> !value.startsWith("attempt=1;") && !value.equals("attempt=1")).isPresent();
            if (retry) {
                return;
            }
            if (context.request() instanceof PutObjectRequest put) {
                putsByKey.computeIfAbsent(put.key(), k -> new AtomicInteger()).incrementAndGet();
                putHeaders.add(context.httpRequest().headers());
            } else if (context.request() instanceof CreateMultipartUploadRequest create) {
                putsByKey.computeIfAbsent(create.key(), k -> new AtomicInteger()).incrementAndGet();
            } else if (context.request() instanceof UploadPartRequest) {
                partHeaders.add(context.httpRequest().headers());
            }
        }
    }
}
