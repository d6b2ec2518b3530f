package io.sites.blob;

import io.sites.api.blob.BlobStore;
import io.sites.api.blob.BlobSweep;
import io.sites.api.blob.SnapshotStore;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The one {@link BlobStore} bean: {@code sites.blob-store=filesystem} (default, under {@code ${sites.data-dir}/blobs})
 * or {@code s3} (needs {@code sites.s3.bucket}).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(BlobStoreProperties.class)
public class BlobStoreConfiguration {

    private static final Logger log = LoggerFactory.getLogger(BlobStoreConfiguration.class);

    // The S3 store's close() (inferred destroy method) shuts its HTTP client down with the context.
    @Bean
    BlobStore blobStore(BlobStoreProperties properties) throws IOException {
        BlobStore store = switch (properties.blobStore()) {
            case FILESYSTEM -> new FileSystemBlobStore(dataDir(properties).resolve("blobs"));
            case S3 -> s3Store(properties.s3());
        };
        log.info("Blob store: {}", store);
        return store;
    }

    /** The collector's view of the same store (io.sites.app.blobs); its own client for S3, closed with the context. */
    @Bean
    BlobSweep blobSweep(BlobStore store, BlobStoreProperties properties) {
        return switch (store) {
            // A view, not the store itself: a second bean of type BlobStore would make every injection ambiguous.
            case FileSystemBlobStore files -> new BlobSweep() {
                @Override
                public void forEachDigest(java.util.function.Consumer<String> each) throws IOException {
                    files.forEachDigest(each);
                }

                @Override
                public boolean delete(String sha256) throws IOException {
                    return files.delete(sha256);
                }
            };
            case S3BlobStore ignored -> S3BlobSweep.create(new S3BlobStore.Settings(properties.s3().bucket(),
                    properties.s3().prefix(), properties.s3().endpoint(), properties.s3().region(),
                    properties.s3().pathStyle(), properties.s3().accessKey(), properties.s3().secretKey()));
            default -> throw new IllegalStateException("No sweep for " + store);
        };
    }

    /**
     * The named snapshots beside the blobs (the site directory's, which every replica reads): the same directory or
     * bucket as the blobs, under {@code snapshots/}; a store of another kind (a test's) keeps them under the data dir.
     */
    @Bean
    SnapshotStore snapshotStore(BlobStore store, BlobStoreProperties properties) {
        return switch (store) {
            case FileSystemBlobStore files -> files.snapshots();
            case S3BlobStore s3 -> s3.snapshots();
            default -> new FileSystemSnapshots(dataDir(properties));
        };
    }

    private static Path dataDir(BlobStoreProperties properties) {
        if (properties.dataDir() == null) {
            throw new IllegalStateException("sites.blob-store=filesystem needs sites.data-dir (environment variable "
                    + "SITES_DATA_DIR); the application's application.yml sets it to ./data.");
        }
        return properties.dataDir();
    }

    private static S3BlobStore s3Store(BlobStoreProperties.S3 s3) throws IOException {
        if (blank(s3.bucket())) {
            throw new IllegalStateException("sites.blob-store=s3 needs a bucket: set sites.s3.bucket "
                    + "(environment variable SITES_S3_BUCKET).");
        }
        if (blank(s3.accessKey()) != blank(s3.secretKey())) {
            throw new IllegalStateException("Set both sites.s3.access-key and sites.s3.secret-key (SITES_S3_ACCESS_KEY, "
                    + "SITES_S3_SECRET_KEY), or neither to use the AWS SDK's default credentials chain.");
        }
        S3BlobStore store = S3BlobStore.create(new S3BlobStore.Settings(s3.bucket(), s3.prefix(), s3.endpoint(),
                s3.region(), s3.pathStyle(), s3.accessKey(), s3.secretKey()));
        if (s3.createBucket()) {
            try {
                store.createBucketIfMissing();
            } catch (IOException | RuntimeException e) {
                store.close();
                throw e;
            }
        }
        return store;
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
