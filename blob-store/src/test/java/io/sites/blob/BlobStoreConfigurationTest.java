package io.sites.blob;

import io.sites.api.blob.BlobStore;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class BlobStoreConfigurationTest {

    @RegisterExtension
    static final S3ProxyServer S3 = new S3ProxyServer();

    @TempDir
    Path dataDir;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withUserConfiguration(BlobStoreConfiguration.class);

    @Test
    void defaultsToTheFileSystemUnderDataDirBlobs() {
        runner.withPropertyValues("sites.data-dir=" + dataDir).run(context -> {
            assertThat(context).hasSingleBean(BlobStore.class);
            BlobStore store = context.getBean(BlobStore.class);
            assertThat(store).isInstanceOf(FileSystemBlobStore.class);
            assertThat(((FileSystemBlobStore) store).root()).isEqualTo(dataDir.resolve("blobs").toAbsolutePath());
        });
    }

    @Test
    void theDefaultsAreTheFileSystemAndS3sUsualOnes() {
        runner.withPropertyValues("sites.data-dir=" + dataDir).run(context -> {
            BlobStoreProperties properties = context.getBean(BlobStoreProperties.class);
            assertThat(properties.blobStore()).isEqualTo(BlobStoreProperties.Kind.FILESYSTEM);
            assertThat(properties.s3().prefix()).isEqualTo("blobs/");
            assertThat(properties.s3().region()).isEqualTo("us-east-1");
            assertThat(properties.s3().pathStyle()).isFalse();
            assertThat(properties.s3().createBucket()).isFalse();
        });
    }

    @Test
    void theFileSystemWithoutADataDirFailsStartupWithAClearMessage() {
        runner.run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause()
                    .hasMessageContaining("needs sites.data-dir").hasMessageContaining("SITES_DATA_DIR");
        });
    }

    @Test
    void s3WithoutABucketFailsStartupWithAClearMessage() {
        runner.withPropertyValues("sites.blob-store=s3").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause()
                    .hasMessageContaining("sites.blob-store=s3 needs a bucket")
                    .hasMessageContaining("SITES_S3_BUCKET");
        });
    }

    @Test
    void environmentVariablesSelectAndConfigureS3() {
        Map<String, Object> env = new HashMap<>();
        env.put("SITES_BLOB_STORE", "s3");
        env.put("SITES_S3_BUCKET", "from-env");
        env.put("SITES_S3_PREFIX", "site-blobs/");
        env.put("SITES_S3_ENDPOINT", S3.endpoint().toString());
        env.put("SITES_S3_REGION", "eu-west-1");
        env.put("SITES_S3_PATH_STYLE", "true");
        env.put("SITES_S3_ACCESS_KEY", S3.identity());
        env.put("SITES_S3_SECRET_KEY", S3.credential());
        env.put("SITES_S3_CREATE_BUCKET", "true");
        runner.withInitializer(context -> context.getEnvironment().getPropertySources().replace(
                        StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                        new SystemEnvironmentPropertySource(
                                StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, env)))
                .run(context -> {
                    assertThat(context).hasNotFailed().hasSingleBean(BlobStore.class);
                    S3BlobStore store = (S3BlobStore) context.getBean(BlobStore.class);
                    assertThat(store.bucket()).isEqualTo("from-env");
                    assertThat(store.keyOf(BlobStoreContract.HELLO_SHA))
                            .isEqualTo("site-blobs/" + BlobStoreContract.HELLO_SHA);

                    // The bucket was created at start, and the store really talks to it.
                    store.write("hello".getBytes(StandardCharsets.UTF_8));
                    assertThat(store.contains(BlobStoreContract.HELLO_SHA)).isTrue();
                });
    }

    @Test
    void onlyOneOfAccessKeyAndSecretKeyFailsStartup() {
        runner.withPropertyValues("sites.blob-store=s3", "sites.s3.bucket=b", "sites.s3.access-key=AK")
                .run(context -> assertThat(context.getStartupFailure()).rootCause()
                        .hasMessageContaining("sites.s3.secret-key"));
    }

    @Test
    void anUnknownStoreKindFailsStartup() {
        runner.withPropertyValues("sites.blob-store=floppy")
                .run(context -> assertThat(context).hasFailed());
    }
}
