package io.sites.blob;

import io.sites.api.blob.BlobSweep;
import java.io.IOException;
import java.util.Objects;
import java.util.function.Consumer;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * The collector's side of an S3 bucket: lists the store's keys a page (1,000) at a time, in key order, and deletes
 * one blob. Keys under the prefix that are not a sha256 (anything foreign in the bucket) are never reported, so
 * never deleted.
 */
public final class S3BlobSweep implements BlobSweep, AutoCloseable {
    private final S3Client s3;
    private final boolean ownsClient;
    private final String bucket;
    private final String prefix;

    /** Uses a client the caller owns. */
    public S3BlobSweep(S3Client s3, String bucket, String prefix) {
        this(s3, false, bucket, prefix);
    }

    private S3BlobSweep(S3Client s3, boolean ownsClient, String bucket, String prefix) {
        this.s3 = Objects.requireNonNull(s3, "s3");
        this.ownsClient = ownsClient;
        this.bucket = Objects.requireNonNull(bucket, "bucket");
        this.prefix = prefix == null ? S3BlobStore.DEFAULT_PREFIX : prefix;
    }

    /** Builds and owns its client, as {@link S3BlobStore#create} does. */
    public static S3BlobSweep create(S3BlobStore.Settings settings) {
        return new S3BlobSweep(S3BlobStore.newClient(settings), true, settings.bucket(), settings.prefix());
    }

    @Override
    public void forEachDigest(Consumer<String> each) throws IOException {
        String token = null;
        try {
            do {
                ListObjectsV2Request.Builder request = ListObjectsV2Request.builder().bucket(bucket).prefix(prefix)
                        .maxKeys(1000);
                if (token != null) {
                    request.continuationToken(token);
                }
                ListObjectsV2Response page = s3.listObjectsV2(request.build());
                for (S3Object object : page.contents()) {
                    String name = object.key().substring(prefix.length());
                    if (Sha256.isValid(name)) {
                        each.accept(name);
                    }
                }
                token = Boolean.TRUE.equals(page.isTruncated()) ? page.nextContinuationToken() : null;
            } while (token != null);
        } catch (SdkException e) {
            throw new IOException("S3 LIST s3://" + bucket + "/" + prefix + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public boolean delete(String sha256) throws IOException {
        String key = prefix + Sha256.requireValid(sha256);
        try {
            s3.deleteObject(request -> request.bucket(bucket).key(key));
            return true; // S3 answers 204 whether or not the key existed; the collector counts what it meant to remove
        } catch (NoSuchKeyException gone) {
            return false;
        } catch (SdkException e) {
            throw new IOException("S3 DELETE s3://" + bucket + "/" + key + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        if (ownsClient) {
            s3.close();
        }
    }

    @Override
    public String toString() {
        return "S3BlobSweep[s3://" + bucket + "/" + prefix + "]";
    }
}
