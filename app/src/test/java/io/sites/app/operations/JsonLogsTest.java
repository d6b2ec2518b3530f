package io.sites.app.operations;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.ServiceProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * SITES_LOG_FORMAT=ecs on a real process: every line it writes is one JSON object (no banner, no plain line), and
 * what a request logs carries that request's X-Request-Id as a field of its own.
 */
class JsonLogsTest {

    @Test
    void everyLineIsJsonAndCarriesTheRequestId() throws Exception {
        Path data = Files.createTempDirectory("sites-json-logs");
        // As the Dockerfile runs it: native access granted, so the JVM prints no warning of its own either.
        try (ServiceProcess service = new ServiceProcess(data, Map.of("SITES_LOG_FORMAT", "ecs",
                "SITES_SITE_HOST", "localhost"), List.of("-Xmx384m", "-XX:TieredStopAtLevel=1",
                "--enable-native-access=ALL-UNNAMED"))) {
            service.start();
            String slug = unique("logged");
            Http.Response published = service.api().post("/v1/websites", ServiceProcess.TOKEN,
                    site(slug, "Logged", file("index.html", "<p>logged</p>")), "X-Request-Id", "abc123");
            assertThat(published.status()).isEqualTo(201);
            assertThat(published.header("X-Request-Id")).isEqualTo("abc123");
            service.stop();

            List<JsonNode> lines = new ArrayList<>();
            for (String line : Files.readAllLines(service.log())) {
                JsonNode json = Http.JSON.readTree(line);
                assertThat(json.isObject()).as(line).isTrue();
                lines.add(json);
            }
            assertThat(lines).anyMatch(line -> line.path("message").asString().startsWith("Started SitesApplication"));
            assertThat(lines).filteredOn(line -> line.path("message").asString().startsWith("createWebsite: 201"))
                    .singleElement().satisfies(line -> assertThat(line.path("requestId").asString())
                            .isEqualTo("abc123"));
        }
    }
}
