package io.sites.blob;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.blob.BlobRef;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;

/**
 * The collector's view of both stores: every digest listed once, in order, across S3's pages of 1,000; nothing
 * foreign (temp files, other keys) listed, so never deleted; a delete removes the blob and a second is no error.
 */
class BlobSweepTest {
    @RegisterExtension
    static final S3ProxyServer S3 = new S3ProxyServer();

    @TempDir
    Path root;

    @Test
    void theFileSystemListsItsBlobsOnlyAndDeletesOne() throws Exception {
        FileSystemBlobStore store = new FileSystemBlobStore(root);
        List<String> written = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            written.add(store.write(("blob " + i).getBytes(StandardCharsets.UTF_8)).sha256());
        }
        Files.writeString(root.resolve(".tmp").resolve("blob-x.part"), "partial");
        Files.writeString(root.resolve("README"), "foreign");
        List<String> listed = new ArrayList<>();
        store.forEachDigest(listed::add);
        assertThat(listed).containsExactlyElementsOf(written.stream().sorted().toList());

        assertThat(store.delete(written.getFirst())).isTrue();
        assertThat(store.contains(written.getFirst())).isFalse();
        assertThat(store.delete(written.getFirst())).as("a retried sweep").isFalse();
    }

    @Test
    void s3ListsEveryPageAndDeletesOne() throws Exception {
        S3BlobStore.Settings settings = new S3BlobStore.Settings("sweep", null, S3.endpoint(), S3.region(), true,
                S3.identity(), S3.credential());
        try (S3BlobStore store = S3BlobStore.create(settings); S3BlobSweep sweep = S3BlobSweep.create(settings);
                S3Client client = S3BlobStore.newClient(settings)) {
            store.createBucketIfMissing();
            List<String> written = new ArrayList<>();
            for (int i = 0; i < 1005; i++) {
                BlobRef ref = store.write(("blob " + i).getBytes(StandardCharsets.UTF_8));
                written.add(ref.sha256());
            }
            client.putObject(PutObjectRequest.builder().bucket("sweep").key(S3BlobStore.DEFAULT_PREFIX + "notes")
                    .build(), software.amazon.awssdk.core.sync.RequestBody.fromString("foreign"));
            List<String> listed = new ArrayList<>();
            sweep.forEachDigest(listed::add);
            assertThat(listed).containsExactlyElementsOf(written.stream().sorted().toList());

            sweep.delete(written.getFirst());
            assertThat(store.contains(written.getFirst())).isFalse();
            sweep.delete(written.getFirst()); // no error
        }
    }
}
