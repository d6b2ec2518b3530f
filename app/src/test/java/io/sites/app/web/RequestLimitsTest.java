package io.sites.app.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Bundles;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/** Body and bundle limits, lowered so that they are cheap to reach; the spec's defaults are tested elsewhere. */
@TestPropertySource(properties = {"sites.limits.request-bytes=65536", "sites.limits.file-bytes=1000",
        "sites.limits.publishes-per-minute=3"})
@Import(RequestLimitsTest.StillClock.class)
class RequestLimitsTest extends EmbeddedAppTest {

    /** A clock that stands still in the middle of a minute, so a window cannot roll over during the test. */
    @TestConfiguration
    static class StillClock {
        @Bean
        @Primary
        Clock stillClock() {
            return Clock.fixed(Instant.parse("2026-11-21T12:00:30Z"), ZoneOffset.UTC);
        }
    }

    @Test
    void theFourthPublishInAMinuteIsRefusedWithRetryAfterAndNothingIsPublished() {
        for (int i = 1; i <= 3; i++) {
            assertThat(http().post("/v1/websites", BOB, Bundles.site(null, "Rate " + i,
                    Bundles.file("index.html", "ok " + i))).status()).isEqualTo(201);
        }
        Http.Response refused = http().post("/v1/websites", BOB, Bundles.site("rate-four", "Rate 4",
                Bundles.file("index.html", "four")));
        assertThat(refused.status()).isEqualTo(429);
        assertThat(refused.json().get("error").get("code").asString()).isEqualTo("RATE_LIMITED");
        assertThat(refused.header("Retry-After")).isEqualTo("30");
        assertThat(http().site("rate-four", "/").status()).isEqualTo(404);
        assertThat(http().post("/v1/websites", ALICE, Bundles.site(null, "Other account",
                Bundles.file("index.html", "ok"))).status()).as("the budget is per account").isEqualTo(201);
    }

    @Test
    void aDeclaredLengthAboveTheCapIsRefusedUpFront() {
        Http.Response response = http().send("POST", "/v1/websites", ALICE, "application/json",
                "{\"pad\":\"" + "x".repeat(70_000) + "\"}");
        assertThat(response.status()).isEqualTo(413);
        assertThat(response.json().get("error").get("code").asString()).isEqualTo("PAYLOAD_TOO_LARGE");
    }

    @Test
    void aChunkedBodyIsCountedWhileRead() throws Exception {
        byte[] body = ("{\"category\":\"other\",\"files\":[{\"path\":\"index.html\",\"content\":\""
                + "x".repeat(100_000) + "\"}]}").getBytes(StandardCharsets.UTF_8);
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v1/websites"))
                .header("Authorization", "Bearer " + ALICE).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body))).build();
        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(413);
        JsonNode error = Http.JSON.readTree(response.body()).get("error");
        assertThat(error.get("code").asString()).isEqualTo("PAYLOAD_TOO_LARGE");
    }

    @Test
    void aFileAboveTheFileLimitIsAViolation() {
        Http.Response response = http().post("/v1/websites", ALICE, Bundles.site(null, "big",
                Bundles.file("index.html", "ok"), Bundles.file("big.txt", "y".repeat(1001))));
        assertThat(response.status()).isEqualTo(422);
        JsonNode violation = response.json().get("error").get("violations").get(0);
        assertThat(violation.get("code").asString()).isEqualTo("FILE_TOO_LARGE");
        assertThat(violation.get("path").asString()).isEqualTo("big.txt");
    }
}
