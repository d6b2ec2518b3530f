package io.sites.app.operations;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.site.transport.SiteListener;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.test.context.TestPropertySource;

/** Probes and metrics over real HTTP on the management port, and neither on the API's port nor on a site host. */
@TestPropertySource(properties = {"management.server.port=0", "sites.site-server.port=0",
        "sites.site-server.address=127.0.0.1"})
class OperationsTest extends EmbeddedAppTest {
    @LocalManagementPort
    int managementPort;
    @Autowired
    SiteListener listener;

    private Http management() {
        return new Http(managementPort);
    }

    @Test
    void probesAnswerUpWithoutAToken() throws InterruptedException {
        // The replica says ready just after its directory caught up, on its own thread: allow it that moment.
        for (int i = 0; i < 200 && management().get("/actuator/health/readiness", null).status() != 200; i++) {
            Thread.sleep(25);
        }
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
    void siteTrafficIsCountedOnBothPortsByStatusWithBytesAndCacheHits() {
        String slug = unique("counted");
        String page = "<p>" + "counted ".repeat(100) + "</p>";
        assertThat(http().post("/v1/websites", ALICE, site(slug, "Counted", file("index.html", page)))
                .status()).isEqualTo(201);
        String before = scrape();
        Http site = new Http(listener.port());
        for (int i = 0; i < 3; i++) {
            assertThat(site.onHost(slug + ".localhost", "GET", "/").status()).isEqualTo(200);
        }
        assertThat(site.onHost(slug + ".localhost", "GET", "/missing").status()).isEqualTo(404);
        assertThat(http().onHost(slug + ".localhost", "GET", "/").status()).isEqualTo(200);
        assertThat(http().onHost(slug + ".localhost", "POST", "/").status()).isEqualTo(405);
        String after = scrape();

        assertThat(delta(before, after, "sites_site_responses_total{port=\"site\",status=\"200\"}")).isEqualTo(3);
        assertThat(delta(before, after, "sites_site_responses_total{port=\"site\",status=\"404\"}")).isEqualTo(1);
        assertThat(delta(before, after, "sites_site_responses_total{port=\"api\",status=\"200\"}")).isEqualTo(1);
        assertThat(delta(before, after, "sites_site_responses_total{port=\"api\",status=\"405\"}")).isEqualTo(1);
        assertThat(delta(before, after, "sites_site_sent_bytes_total{port=\"site\"}"))
                .isGreaterThanOrEqualTo(3.0 * page.length());
        assertThat(delta(before, after, "sites_site_sent_bytes_total{port=\"api\"}"))
                .isGreaterThanOrEqualTo(page.length());
        // The first request loads the page (a miss), the later ones find it (hits).
        assertThat(delta(before, after, "sites_site_cache_total{result=\"miss\"}")).isGreaterThanOrEqualTo(1);
        assertThat(delta(before, after, "sites_site_cache_total{result=\"hit\"}")).isGreaterThanOrEqualTo(3);
        assertThat(after).contains("sites_site_responses_total{port=\"site\",status=\"other\"}");
    }

    @Test
    void eachProjectionsLagBehindTheEventStoreIsAGauge() {
        String slug = unique("lagging");
        assertThat(http().post("/v1/websites", ALICE, site(slug, "Lag", file("index.html", "<p>l</p>")))
                .status()).isEqualTo(201);
        String metrics = scrape();
        // The publish waited for both projections to handle its events, and nothing was appended since.
        assertThat(value(metrics, "sites_projection_lag_events{processor=\"site-directory\"}")).isZero();
        assertThat(value(metrics, "sites_projection_lag_events{processor=\"read-model\"}")).isZero();
    }

    @Test
    void aWellFormedRequestIdIsEchoedAndAnyOtherReplaced() {
        Http.Response taken = http().onHost("localhost", "GET", "/nothing-here", "X-Request-Id", "abc-123.x:y_z");
        assertThat(taken.status()).isEqualTo(404);
        assertThat(taken.header("X-Request-Id")).isEqualTo("abc-123.x:y_z");
        Http.Response unauthenticated = http().onHost("localhost", "GET", "/v1/websites", "X-Request-Id", "q1");
        assertThat(unauthenticated.status()).isEqualTo(401);
        assertThat(unauthenticated.header("X-Request-Id")).isEqualTo("q1");
        for (String unsafe : new String[] {"a b", "a\"b", "x".repeat(65), "a/b", "<x>"}) {
            Http.Response replaced = http().onHost("localhost", "GET", "/v1", "X-Request-Id", unsafe);
            assertThat(replaced.header("X-Request-Id")).matches("[0-9a-f]{32}");
        }
        assertThat(http().get("/v1", null).header("X-Request-Id")).matches("[0-9a-f]{32}");
    }

    private String scrape() {
        Http.Response metrics = management().get("/actuator/prometheus", null);
        assertThat(metrics.status()).isEqualTo(200);
        return metrics.text();
    }

    private static double delta(String before, String after, String series) {
        return value(after, series) - value(before, series);
    }

    private static double value(String metrics, String series) {
        Matcher line = Pattern.compile("^" + Pattern.quote(series) + " (\\S+)$", Pattern.MULTILINE).matcher(metrics);
        assertThat(line.find()).as(series + " in " + metrics).isTrue();
        return Double.parseDouble(line.group(1));
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
