package io.sites.blob;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.net.URI;
import java.nio.file.Path;

/**
 * {@code sites.blob-store}, {@code sites.data-dir} and {@code sites.s3.*}; environment variables bind by relaxed
 * binding (SITES_BLOB_STORE, SITES_DATA_DIR, SITES_S3_BUCKET, SITES_S3_PATH_STYLE, ...). {@code sites.data-dir} has
 * no default here: the database, the blobs and the site directory's snapshots share it, so its one default lives in
 * the application's {@code application.yml}.
 */
@ConfigurationProperties("sites")
record BlobStoreProperties(
        @DefaultValue("filesystem") Kind blobStore,
        Path dataDir,
        @DefaultValue S3 s3) {

    enum Kind { FILESYSTEM, S3 }

    record S3(
            String bucket,
            @DefaultValue(S3BlobStore.DEFAULT_PREFIX) String prefix,
            URI endpoint,
            @DefaultValue(S3BlobStore.DEFAULT_REGION) String region,
            @DefaultValue("false") boolean pathStyle,
            String accessKey,
            String secretKey,
            @DefaultValue("false") boolean createBucket) {

        @Override
        public String toString() {
            // Keeps the secret out of logs and failure reports.
            return "S3[bucket=" + bucket + ", prefix=" + prefix + ", endpoint=" + endpoint + ", region=" + region
                    + ", pathStyle=" + pathStyle + ", accessKey=" + accessKey + ", secretKey="
                    + (secretKey == null ? null : "***") + ", createBucket=" + createBucket + "]";
        }
    }
}
