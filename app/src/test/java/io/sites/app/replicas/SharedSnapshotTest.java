package io.sites.app.replicas;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.blob.SnapshotStore;
import io.sites.app.PostgresTestDatabase;
import io.sites.app.ServiceProcess;
import io.sites.blob.S3BlobStore;
import io.sites.blob.S3ProxyServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Snapshots any replica can start from (issue 38 item 2), with real parts: PostgreSQL, an S3-protocol server
 * (s3proxy) as the blob store, and two processes. A replica with an empty data directory starts from the snapshot
 * another replica left in the bucket, skipping a newer one that is corrupt, reads the events written after it, and
 * serves every site.
 */
class SharedSnapshotTest {

    @Test
    void aNewReplicaStartsFromAnotherReplicasSnapshotInTheBucketAndSkipsACorruptOne() throws Exception {
        try (S3ProxyServer s3 = new S3ProxyServer().start();
                S3BlobStore bucket = S3BlobStore.create(new S3BlobStore.Settings("shared", null, s3.endpoint(),
                        s3.region(), true, s3.identity(), s3.credential()))) {
            Map<String, String> environment = new HashMap<>(Map.of("SPRING_PROFILES_ACTIVE", "postgres",
                    "SPRING_DATASOURCE_URL", PostgresTestDatabase.create(),
                    "SPRING_DATASOURCE_USERNAME", PostgresTestDatabase.user(),
                    "SITES_BLOB_STORE", "s3", "SITES_S3_BUCKET", "shared", "SITES_S3_ENDPOINT",
                    s3.endpoint().toString(), "SITES_S3_REGION", s3.region(), "SITES_S3_PATH_STYLE", "true",
                    "SITES_S3_ACCESS_KEY", s3.identity(), "SITES_S3_SECRET_KEY", s3.credential()));
            environment.put("SITES_S3_CREATE_BUCKET", "true");
            environment.put("SITES_SITE_SERVER_SNAPSHOT_INTERVAL", "500ms");
            SnapshotStore snapshots = bucket.snapshots();

            Map<String, String> first = new HashMap<>(environment);
            first.put("HOSTNAME", "first");
            List<String> slugs = List.of(unique("before-a"), unique("before-b"), unique("after"));
            String written;
            try (ServiceProcess replica = ServiceProcess.restartable(Files.createTempDirectory("sites-first"),
                    first)) {
                replica.start();
                publish(replica, slugs.get(0));
                publish(replica, slugs.get(1));
                replica.awaitUntil(() -> {
                    try {
                        return !snapshots.names().isEmpty();
                    } catch (java.io.IOException e) {
                        throw new IllegalStateException(e);
                    }
                });
                // The newest: names sort by position, and the writer trims the oldest.
                written = snapshots.names().stream().sorted().toList().getLast();
                assertThat(written).matches("site-directory\\.\\d{19}\\.[0-9a-f]{64}\\.first\\.gz");
                // Published after that snapshot was written, so only in the events; no snapshot at this exit.
                publish(replica, slugs.get(2));
                replica.kill();
            }
            for (String later : snapshots.names()) {
                if (!later.equals(written)) {
                    snapshots.delete(later);
                }
            }

            // A newer snapshot whose bytes are cut short (a partial upload): its checksum does not match.
            Path partial = Files.createTempFile("partial", ".gz");
            try (var in = snapshots.open(written).orElseThrow()) {
                byte[] bytes = in.readAllBytes();
                Files.write(partial, Arrays.copyOf(bytes, bytes.length / 2));
            }
            String corrupt = written.replaceFirst("\\.\\d{19}\\.", ".9000000000000000000.").replace(".first.",
                    ".other.");
            snapshots.put(corrupt, partial);

            Map<String, String> second = new HashMap<>(environment);
            second.put("HOSTNAME", "second");
            try (ServiceProcess replica = ServiceProcess.restartable(Files.createTempDirectory("sites-second"),
                    second)) {
                replica.start();
                for (String slug : slugs) {
                    assertThat(replica.site().onHost(slug + ".localhost", "GET", "/").text()).contains(slug);
                }
                String log = Files.readString(replica.log());
                assertThat(log).contains("Site directory snapshot " + corrupt + " is unreadable or corrupt; skipped")
                        .contains("Site directory restored from snapshot " + written);
                assertThat(Files.list(replica.data())).as("nothing of the directory in its own data directory")
                        .noneMatch(path -> path.getFileName().toString().equals("site-directory"));
            }
        }
    }

    private static void publish(ServiceProcess replica, String slug) {
        assertThat(replica.api().post("/v1/websites", ServiceProcess.TOKEN, site(slug, "Shared",
                file("index.html", "<p>" + slug + "</p>"))).status()).isEqualTo(201);
    }
}
