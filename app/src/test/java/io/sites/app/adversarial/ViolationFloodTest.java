package io.sites.app.adversarial;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A bundle made to break one rule as often as its bytes allow: a 10 MB page of 200,000 external scripts once made a
 * 75 MB refusal that took 30 s to write. The refusal names every rule broken and stays small; so does a dry run's.
 */
class ViolationFloodTest extends EmbeddedAppTest {
    @LocalServerPort
    int port;

    @Test
    void aPageBreakingOneRuleTwoHundredThousandTimesGetsASmallRefusal() {
        String page = "<!doctype html><title>x</title>\n"
                + "<script src=\"https://cdn.example/a.js\"></script>\n".repeat(200_000)
                + "<a href=\"missing.html\">x</a>\n".repeat(50_000);
        Map<String, Object> bundle = Map.of("category", "other",
                "files", List.of(Map.of("path", "index.html", "content", page)));
        Http http = new Http(port);

        Http.Response refused = http.post("/v1/websites", ALICE, bundle);
        Http.Response checked = http.post("/v1/websites?dryRun=true", ALICE, bundle);

        assertThat(refused.status()).isEqualTo(422);
        JsonNode error = refused.json().get("error");
        assertThat(error.get("code").asString()).isEqualTo("PUBLISH_INVALID");
        assertThat(error.get("violations")).hasSize(21);
        assertThat(error.get("violations").get(20).get("message").asString()).startsWith("199,980 more EXTERNAL_URL");
        assertThat(checked.status()).as(checked.text()).isEqualTo(200);
        int responseBytes = refused.raw().body().length;
        int dryRunBytes = checked.raw().body().length;
        System.out.printf("ADVERSARIAL violation-flood: request_bytes=%d violations=200000 broken_links=50000 "
                + "listed=%d response_bytes=%d dry_run_bytes=%d%n", page.length(), error.get("violations").size(),
                responseBytes, dryRunBytes);
        assertThat(responseBytes).isLessThan(64 * 1024);
        assertThat(dryRunBytes).isLessThan(64 * 1024);
    }
}
