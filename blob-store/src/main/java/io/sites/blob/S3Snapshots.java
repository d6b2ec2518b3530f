package io.sites.blob;

import io.sites.api.blob.SnapshotStore;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Snapshots as objects {@code <prefix>snapshots/<name>} in the blob store's bucket, on its client: a key the blob
 * sweep never reports (not a digest). One PUT is atomic: a reader sees the whole object or none.
 */
final class S3Snapshots implements SnapshotStore {
    private final S3Client s3;
    private final String bucket;
    private final String prefix;

    S3Snapshots(S3Client s3, String bucket, String blobPrefix) {
        this.s3 = s3;
        this.bucket = bucket;
        this.prefix = blobPrefix + FileSystemSnapshots.DIRECTORY + "/";
    }

    @Override
    public void put(String name, Path file) throws IOException {
        String key = prefix + SnapshotStore.requireValidName(name);
        try {
            s3.putObject(r -> r.bucket(bucket).key(key).contentType("application/octet-stream"),
                    RequestBody.fromFile(file));
        } catch (SdkException e) {
            throw new IOException("S3 PUT s3://" + bucket + "/" + key + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public List<String> names() throws IOException {
        List<String> names = new ArrayList<>();
        String token = null;
        try {
            do {
                ListObjectsV2Request.Builder request = ListObjectsV2Request.builder().bucket(bucket).prefix(prefix);
                if (token != null) {
                    request.continuationToken(token);
                }
                ListObjectsV2Response page = s3.listObjectsV2(request.build());
                for (S3Object object : page.contents()) {
                    names.add(object.key().substring(prefix.length()));
                }
                token = Boolean.TRUE.equals(page.isTruncated()) ? page.nextContinuationToken() : null;
            } while (token != null);
        } catch (SdkException e) {
            throw new IOException("S3 LIST s3://" + bucket + "/" + prefix + " failed: " + e.getMessage(), e);
        }
        return names;
    }

    @Override
    public Optional<InputStream> open(String name) throws IOException {
        String key = prefix + SnapshotStore.requireValidName(name);
        try {
            return Optional.of(s3.getObject(r -> r.bucket(bucket).key(key)));
        } catch (NoSuchKeyException gone) {
            return Optional.empty();
        } catch (SdkException e) {
            throw new IOException("S3 GET s3://" + bucket + "/" + key + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void delete(String name) throws IOException {
        String key = prefix + SnapshotStore.requireValidName(name);
        try {
            s3.deleteObject(r -> r.bucket(bucket).key(key));
        } catch (NoSuchKeyException gone) {
            // already removed, by another replica's trimming
        } catch (SdkException e) {
            throw new IOException("S3 DELETE s3://" + bucket + "/" + key + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "S3Snapshots[s3://" + bucket + "/" + prefix + "]";
    }
}
