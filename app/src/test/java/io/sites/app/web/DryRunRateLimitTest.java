package io.sites.app.web;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.app.RateWindowTiming;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Dry runs count in a window of their own: past its budget both operations' dry runs answer 429 RATE_LIMITED with
 * Retry-After, as the OpenAPI document says, while publishes (another window) go on.
 */
@TestPropertySource(properties = "sites.limits.dry-runs-per-minute=2")
class DryRunRateLimitTest extends EmbeddedAppTest {

    /** Questions about digests are counted like dry runs, in a window of their own. */
    @Test
    void questionsAboutDigestsHaveTheirOwnWindow() {
        JsonNode document = http().get("/v1/openapi.json", null).json();
        var question = java.util.Map.of("sha256", java.util.List.of("0".repeat(64)));
        RateWindowTiming.awayFromAMinuteBoundary(10_000);
        for (int i = 0; i < 2; i++) {
            Http.Response answered = http().post("/v1/digests/missing", ALICE, question);
            assertThat(answered.status()).as(answered.text()).isEqualTo(200);
        }
        Http.Response refused = http().post("/v1/digests/missing", ALICE, question);
        OpenApiTest.check(document, "findMissingDigests", refused, 429);
        assertThat(refused.json().get("error").get("code").asString()).isEqualTo("RATE_LIMITED");
        assertThat(refused.json().get("error").get("message").asString()).contains("2 questions about digests");
        assertThat(http().post("/v1/digests/missing", BOB, question).status()).as("another account's own")
                .isEqualTo(200);
    }

    @Test
    void dryRunsHaveTheirOwnWindow() {
        JsonNode document = http().get("/v1/openapi.json", null).json();
        String slug = unique("dry-limited");
        var bundle = site(slug, "Dry limited", file("index.html", "<p>x</p>"));
        RateWindowTiming.awayFromAMinuteBoundary(10_000);
        for (int i = 0; i < 2; i++) {
            Http.Response checked = http().post("/v1/websites?dryRun=true", BOB, bundle);
            assertThat(checked.status()).as(checked.text()).isEqualTo(200);
        }
        Http.Response refused = http().post("/v1/websites?dryRun=true", BOB, bundle);
        OpenApiTest.check(document, "createWebsite", refused, 429);
        assertThat(refused.json().get("error").get("code").asString()).isEqualTo("RATE_LIMITED");
        assertThat(refused.json().get("error").get("message").asString()).contains("2 dry runs a minute");
        assertThat(Long.parseLong(refused.header("Retry-After"))).isBetween(1L, 60L);

        Http.Response published = http().post("/v1/websites", BOB, bundle);
        assertThat(published.status()).as("publishes are counted apart").isEqualTo(201);
        Http.Response versionRun = http().post("/v1/websites/" + published.json().get("websiteId").asString()
                + "/versions?dryRun=true", BOB, version(null, null, file("index.html", "<p>y</p>")));
        OpenApiTest.check(document, "createWebsiteVersion", versionRun, 429);
        assertThat(versionRun.header("Retry-After")).isNotNull();
    }
}
