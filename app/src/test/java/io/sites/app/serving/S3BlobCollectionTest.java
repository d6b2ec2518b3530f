package io.sites.app.serving;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.ServiceProcess;
import io.sites.blob.S3BlobStore;
import io.sites.blob.S3ProxyServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Blob collection on the S3 protocol (a real s3proxy, issue 36 item 4): a deleted website's own blob leaves the
 * bucket, the blob it shared with a retained website stays, and the retained website is served byte for byte.
 */
class S3BlobCollectionTest {

    @Test
    void aDeletedWebsitesOwnBlobLeavesTheBucketAndASharedOneStays() throws Exception {
        try (S3ProxyServer s3 = new S3ProxyServer().start()) {
            Map<String, String> environment = new HashMap<>(Map.of("SITES_SITE_HOST", "localhost",
                    "SITES_BLOB_STORE", "s3", "SITES_S3_BUCKET", "collected", "SITES_S3_ENDPOINT",
                    s3.endpoint().toString(), "SITES_S3_REGION", s3.region(), "SITES_S3_PATH_STYLE", "true",
                    "SITES_S3_ACCESS_KEY", s3.identity(), "SITES_S3_SECRET_KEY", s3.credential(),
                    "SITES_S3_CREATE_BUCKET", "true"));
            environment.put("SITES_BLOB_COLLECTION_EVERY", "200ms");
            environment.put("SITES_BLOB_COLLECTION_GRACE", "1s");
            try (ServiceProcess service = new ServiceProcess(Files.createTempDirectory("sites-s3-gc"), environment,
                    List.of("-Xmx256m", "-XX:TieredStopAtLevel=1"));
                    S3BlobStore bucket = S3BlobStore.create(new S3BlobStore.Settings("collected", null,
                            s3.endpoint(), s3.region(), true, s3.identity(), s3.credential()))) {
                service.start();
                Http api = service.api();
                String own = "own " + unique("own");
                String shared = "shared " + unique("shared");
                Http.Response gone = api.post("/v1/websites", ServiceProcess.TOKEN, site(unique("gone"), "Gone",
                        file("index.html", "<p>gone</p>"), file("own.txt", own), file("shared.txt", shared)));
                assertThat(gone.status()).as(gone.text()).isEqualTo(201);
                String keptSlug = unique("kept");
                assertThat(api.post("/v1/websites", ServiceProcess.TOKEN, site(keptSlug, "Kept",
                        file("index.html", "<p>kept</p>"), file("shared.txt", shared))).status()).isEqualTo(201);
                assertThat(bucket.contains(sha256(own))).isTrue();
                assertThat(api.send("DELETE", "/v1/websites/" + gone.json().get("websiteId").asString(),
                        ServiceProcess.TOKEN, null, null).status()).isEqualTo(204);

                service.awaitUntil(() -> {
                    try {
                        return !bucket.contains(sha256(own));
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                assertThat(bucket.contains(sha256(shared))).isTrue();
                Http.Response served = service.site().onHost(keptSlug + ".localhost", "GET", "/shared.txt");
                assertThat(served.status()).isEqualTo(200);
                assertThat(served.text()).isEqualTo(shared);
                assertThat(Files.readString(service.log())).contains("Blob collection:");
            }
        }
    }

    private static String sha256(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(text.getBytes(StandardCharsets.UTF_8)));
    }
}
