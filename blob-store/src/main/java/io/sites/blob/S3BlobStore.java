package io.sites.blob;

import io.sites.api.blob.BlobRef;
import io.sites.api.blob.BlobStore;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.model.BucketAlreadyOwnedByYouException;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.NoSuchBucketException;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Blobs as objects {@code <prefix><sha256>} in one S3 bucket (AWS or any S3-protocol server). A single PUT carries
 * Content-MD5 and x-amz-checksum-sha256, so the server refuses bytes that do not match the address; blobs of
 * {@value #MULTIPART_THRESHOLD} bytes or more go up in parts, each with its Content-MD5. S3 makes an object visible
 * only once it is complete and durable.
 */
public final class S3BlobStore implements BlobStore, AutoCloseable {
    public static final String DEFAULT_PREFIX = "blobs/";
    public static final String DEFAULT_REGION = "us-east-1";
    private static final String CONTENT_TYPE = "application/octet-stream";
    private static final int CHUNK = 64 * 1024;
    /**
     * Bodies from this size on go up in parts: the JDK HTTP client behind the SDK's url-connection client holds a
     * whole request body in memory, so parts bound the memory an upload takes.
     */
    static final long MULTIPART_THRESHOLD = 16L * 1024 * 1024;
    /** Above S3's 5 MiB minimum part size. */
    static final int PART_SIZE = 8 * 1024 * 1024;

    /**
     * How to reach the bucket. {@code endpoint} is only for S3-compatible servers (null for AWS); without both
     * {@code accessKey} and {@code secretKey} the SDK's default credentials chain is used.
     */
    public record Settings(String bucket, String prefix, URI endpoint, String region, boolean pathStyle,
                           String accessKey, String secretKey) {
        public Settings {
            if (bucket == null || bucket.isBlank()) {
                throw new IllegalArgumentException("An S3 blob store needs a bucket name.");
            }
            prefix = prefix == null ? DEFAULT_PREFIX : prefix;
            region = region == null || region.isBlank() ? DEFAULT_REGION : region;
            accessKey = blankToNull(accessKey);
            secretKey = blankToNull(secretKey);
            if ((accessKey == null) != (secretKey == null)) {
                throw new IllegalArgumentException("Give both the S3 access key and secret key, or neither "
                        + "(then the AWS SDK's default credentials chain is used).");
            }
        }

        public Settings(String bucket) {
            this(bucket, null, null, null, false, null, null);
        }

        @Override
        public String toString() {
            // Never print the secret.
            return "Settings[bucket=" + bucket + ", prefix=" + prefix + ", endpoint=" + endpoint + ", region="
                    + region + ", pathStyle=" + pathStyle + ", accessKey=" + (accessKey == null ? "default chain" : accessKey) + "]";
        }
    }

    private final S3Client s3;
    private final boolean ownsClient;
    private final String bucket;
    private final String prefix;
    private final Path tempDir;

    /** Uses a client the caller owns and closes; stream writes are spooled under {@code java.io.tmpdir}. */
    public S3BlobStore(S3Client s3, String bucket, String prefix) {
        this(s3, bucket, prefix, Path.of(System.getProperty("java.io.tmpdir")));
    }

    public S3BlobStore(S3Client s3, String bucket, String prefix, Path tempDir) {
        this(s3, false, bucket, prefix, tempDir);
    }

    private S3BlobStore(S3Client s3, boolean ownsClient, String bucket, String prefix, Path tempDir) {
        this.s3 = Objects.requireNonNull(s3, "s3");
        this.ownsClient = ownsClient;
        if (bucket == null || bucket.isBlank()) {
            throw new IllegalArgumentException("An S3 blob store needs a bucket name.");
        }
        this.bucket = bucket;
        this.prefix = prefix == null ? DEFAULT_PREFIX : prefix;
        this.tempDir = Objects.requireNonNull(tempDir, "tempDir");
    }

    /** Builds and owns its client: {@link #close()} closes it. */
    public static S3BlobStore create(Settings settings) {
        return new S3BlobStore(newClient(settings), true, settings.bucket(), settings.prefix(),
                Path.of(System.getProperty("java.io.tmpdir")));
    }

    /** The client {@link #create(Settings)} uses; public so tools and tests talk to the bucket the same way. */
    public static S3Client newClient(Settings settings) {
        return clientBuilder(settings).build();
    }

    static S3ClientBuilder clientBuilder(Settings settings) {
        S3ClientBuilder builder = S3Client.builder()
                // Several SDK HTTP clients are on the classpath; name one instead of failing at runtime.
                .httpClientBuilder(ClosedConnectionRetry.around(UrlConnectionHttpClient.builder()))
                .region(Region.of(settings.region()))
                .forcePathStyle(settings.pathStyle())
                // We send Content-MD5 and SHA-256 ourselves; the SDK's default CRC trailers (aws-chunked) are not
                // understood by every S3-compatible server.
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED);
        if (settings.endpoint() != null) {
            builder.endpointOverride(settings.endpoint());
        }
        if (settings.accessKey() != null) {
            builder.credentialsProvider(StaticCredentialsProvider.create(
                    AwsBasicCredentials.create(settings.accessKey(), settings.secretKey())));
        }
        return builder;
    }

    public String bucket() {
        return bucket;
    }

    /** The snapshots kept beside the blobs, on this store's client (closed with it). */
    public io.sites.api.blob.SnapshotStore snapshots() {
        return new S3Snapshots(s3, bucket, prefix);
    }

    /** The object key of a blob; the address is validated first. */
    public String keyOf(String sha256) {
        return prefix + Sha256.requireValid(sha256);
    }

    /** Creates the bucket unless it exists; tolerates a concurrent creator. */
    public void createBucketIfMissing() throws IOException {
        try {
            s3.headBucket(b -> b.bucket(bucket));
            return;
        } catch (NoSuchBucketException e) {
            // fall through
        } catch (S3Exception e) {
            if (e.statusCode() != 404) {
                throw new IOException("Cannot check S3 bucket '" + bucket + "': " + e.getMessage(), e);
            }
        } catch (SdkException e) {
            throw new IOException("Cannot check S3 bucket '" + bucket + "': " + e.getMessage(), e);
        }
        try {
            s3.createBucket(b -> b.bucket(bucket));
        } catch (BucketAlreadyOwnedByYouException e) {
            // Someone else created it between our HEAD and CREATE.
        } catch (SdkException e) {
            throw new IOException("Cannot create S3 bucket '" + bucket + "': " + e.getMessage(), e);
        }
    }

    @Override
    public BlobRef write(byte[] bytes) throws IOException {
        Objects.requireNonNull(bytes, "bytes");
        byte[] sha = Sha256.newDigest().digest(bytes);
        BlobRef ref = new BlobRef(Sha256.hex(sha), bytes.length);
        String key = keyOf(ref.sha256());
        if (exists(key)) {
            return ref;
        }
        if (bytes.length >= MULTIPART_THRESHOLD) {
            putInParts(key, bytes.length, (offset, into, length) -> System.arraycopy(bytes, (int) offset, into, 0, length));
        } else {
            byte[] md5 = Sha256.newMd5().digest(bytes);
            // A stream provider, not fromBytes: no defensive copy of the array, and replayable on retry.
            put(key, sha, md5, RequestBody.fromContentProvider(() -> new ByteArrayInputStream(bytes), bytes.length,
                    CONTENT_TYPE));
        }
        return ref;
    }

    /** Spools to a local temp file while hashing, because the object key is the hash and is known only at the end. */
    @Override
    public BlobRef write(InputStream in) throws IOException {
        Objects.requireNonNull(in, "in");
        MessageDigest shaDigest = Sha256.newDigest();
        MessageDigest md5Digest = Sha256.newMd5();
        Files.createDirectories(tempDir);
        Path temp = Files.createTempFile(tempDir, "s3-blob-", ".part");
        try {
            long size = 0;
            try (OutputStream out = Files.newOutputStream(temp)) {
                byte[] chunk = new byte[CHUNK];
                int n;
                while ((n = in.read(chunk)) != -1) {
                    shaDigest.update(chunk, 0, n);
                    md5Digest.update(chunk, 0, n);
                    out.write(chunk, 0, n);
                    size += n;
                }
            }
            byte[] sha = shaDigest.digest();
            BlobRef ref = new BlobRef(Sha256.hex(sha), size);
            String key = keyOf(ref.sha256());
            if (exists(key)) {
                return ref;
            }
            if (size >= MULTIPART_THRESHOLD) {
                try (FileChannel file = FileChannel.open(temp, StandardOpenOption.READ)) {
                    putInParts(key, size, (offset, into, length) -> readFully(file, offset, into, length));
                }
            } else {
                put(key, sha, md5Digest.digest(), RequestBody.fromFile(temp));
            }
            return ref;
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    @Override
    public boolean contains(String sha256) throws IOException {
        return exists(keyOf(sha256));
    }

    @Override
    public Optional<InputStream> open(String sha256) throws IOException {
        String key = keyOf(sha256);
        try {
            return Optional.of(s3.getObject(r -> r.bucket(bucket).key(key)));
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        } catch (S3Exception e) {
            // A missing bucket is a misconfiguration, not a missing blob.
            if (e.statusCode() == 404 && !isNoSuchBucket(e)) {
                return Optional.empty();
            }
            throw failure("GET", key, e);
        } catch (SdkException e) {
            throw failure("GET", key, e);
        }
    }

    @Override
    public void close() {
        if (ownsClient) {
            s3.close();
        }
    }

    private boolean exists(String key) throws IOException {
        try {
            s3.headObject(r -> r.bucket(bucket).key(key));
            return true;
        } catch (NoSuchKeyException e) {
            return false;
        } catch (S3Exception e) {
            // HEAD answers have no body, so a missing bucket is a bare 404 too; the PUT that follows reports it.
            if (e.statusCode() == 404) {
                return false;
            }
            throw failure("HEAD", key, e);
        } catch (SdkException e) {
            throw failure("HEAD", key, e);
        }
    }

    private void put(String key, byte[] sha, byte[] md5, RequestBody body) throws IOException {
        Base64.Encoder base64 = Base64.getEncoder();
        try {
            s3.putObject(r -> r.bucket(bucket).key(key)
                    .contentType(CONTENT_TYPE)
                    .contentMD5(base64.encodeToString(md5))
                    .checksumSHA256(base64.encodeToString(sha)), body);
        } catch (SdkException e) {
            throw failure("PUT", key, e);
        }
    }

    /**
     * A multipart upload, each part checked by its Content-MD5. S3 offers no whole-object SHA-256 check for
     * multipart objects; the address was computed from the very bytes the parts are read from.
     */
    private void putInParts(String key, long size, PartReader reader) throws IOException {
        String uploadId;
        try {
            uploadId = s3.createMultipartUpload(r -> r.bucket(bucket).key(key).contentType(CONTENT_TYPE)).uploadId();
        } catch (SdkException e) {
            throw failure("multipart PUT", key, e);
        }
        try {
            List<CompletedPart> parts = new ArrayList<>();
            // One buffer for the upload, reused part after part: memory stays at one part whatever the size.
            byte[] buffer = new byte[(int) Math.min(PART_SIZE, size)];
            Base64.Encoder base64 = Base64.getEncoder();
            long offset = 0;
            for (int number = 1; offset < size; number++) {
                int length = (int) Math.min(PART_SIZE, size - offset);
                reader.read(offset, buffer, length);
                MessageDigest md5 = Sha256.newMd5();
                md5.update(buffer, 0, length);
                String partMd5 = base64.encodeToString(md5.digest());
                int partNumber = number;
                String eTag = s3.uploadPart(r -> r.bucket(bucket).key(key).uploadId(uploadId)
                                .partNumber(partNumber).contentLength((long) length).contentMD5(partMd5),
                        RequestBody.fromContentProvider(() -> new ByteArrayInputStream(buffer, 0, length), length,
                                CONTENT_TYPE)).eTag();
                parts.add(CompletedPart.builder().partNumber(partNumber).eTag(eTag).build());
                offset += length;
            }
            s3.completeMultipartUpload(r -> r.bucket(bucket).key(key).uploadId(uploadId)
                    .multipartUpload(u -> u.parts(parts)));
        } catch (IOException | RuntimeException e) {
            // Unfinished uploads are billed storage and invisible; do not leave one behind.
            try {
                s3.abortMultipartUpload(r -> r.bucket(bucket).key(key).uploadId(uploadId));
            } catch (SdkException abortFailure) {
                e.addSuppressed(abortFailure);
            }
            if (e instanceof SdkException sdk) {
                throw failure("multipart PUT", key, sdk);
            }
            throw e;
        }
    }

    @FunctionalInterface
    private interface PartReader {
        void read(long offset, byte[] into, int length) throws IOException;
    }

    private static void readFully(FileChannel file, long offset, byte[] into, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(into, 0, length);
        while (buffer.hasRemaining()) {
            if (file.read(buffer, offset + buffer.position()) < 0) {
                throw new EOFException("Spool file ended before its hashed size");
            }
        }
    }

    private static boolean isNoSuchBucket(S3Exception e) {
        return e instanceof NoSuchBucketException
                || (e.awsErrorDetails() != null && "NoSuchBucket".equals(e.awsErrorDetails().errorCode()));
    }

    private IOException failure(String operation, String key, SdkException e) {
        return new IOException("S3 " + operation + " of s3://" + bucket + "/" + key + " failed: " + e.getMessage(), e);
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }

    @Override
    public String toString() {
        return "S3BlobStore[s3://" + bucket + "/" + prefix + "]";
    }
}
