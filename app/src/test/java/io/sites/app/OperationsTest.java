package io.sites.app;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.test.context.TestPropertySource;

/** Probes and metrics over real HTTP on the management port, and neither on the API's port nor on a site host. */
@TestPropertySource(properties = "management.server.port=0")
class OperationsTest extends EmbeddedAppTest {
    @LocalManagementPort
    int managementPort;

    private Http management() {
        return new Http(managementPort);
    }

    @Test
    void probesAnswerUpWithoutAToken() {
        Http.Response liveness = management().get("/actuator/health/liveness", null);
        assertThat(liveness.status()).isEqualTo(200);
        assertThat(liveness.json().get("status").asString()).isEqualTo("UP");
        Http.Response readiness = management().get("/actuator/health/readiness", null);
        assertThat(readiness.status()).isEqualTo(200);
        assertThat(readiness.json().get("status").asString()).isEqualTo("UP");
        assertThat(readiness.json().get("components").has("siteDirectory")).isTrue();
        assertThat(readiness.json().get("components").has("readModel")).isFalse();
        Http.Response health = management().get("/actuator/health", null);
        assertThat(health.status()).isEqualTo(200);
        assertThat(health.json().get("components").get("readModel").get("status").asString()).isEqualTo("UP");
    }

    @Test
    void publishesAreTimedByOperationAndOutcome() {
        String slug = unique("timed");
        assertThat(http().post("/v1/websites", ALICE, site(slug, "Timed", file("index.html", "<p>t</p>")))
                .status()).isEqualTo(201);
        Http.Response taken = http().post("/v1/websites", ALICE, site(slug, "Again", file("index.html", "<p>t</p>")));
        String code = taken.json().get("error").get("code").asString();

        Http.Response metrics = management().get("/actuator/prometheus", null);
        assertThat(metrics.status()).isEqualTo(200);
        assertThat(metrics.text())
                .contains("sites_publish_seconds_count{operation=\"createWebsite\",outcome=\"201\"}")
                .contains("sites_publish_seconds_count{operation=\"createWebsite\",outcome=\"" + code + "\"}")
                .contains("sites_publish_seconds_bucket{operation=\"createWebsite\",outcome=\"201\",le=");
    }

    @Test
    void theApiPortAndSiteHostsNeverAnswerTheActuator() {
        Http.Response api = http().get("/actuator/health", null);
        assertThat(api.status()).isEqualTo(404);
        assertThat(api.json().get("error").get("code").asString()).isEqualTo("NOT_FOUND");
        assertThat(http().get("/actuator/prometheus", null).status()).isEqualTo(404);

        String slug = unique("probed");
        assertThat(http().post("/v1/websites", ALICE, site(slug, "Probed", file("index.html", "<p>home</p>"),
                file("404.html", "<p>site missing</p>"))).status()).isEqualTo(201);
        Http.Response onSite = http().onHost(slug + ".localhost", "GET", "/actuator/health");
        assertThat(onSite.status()).isEqualTo(404);
        assertThat(onSite.text()).contains("site missing").doesNotContain("\"status\"");
    }
}
