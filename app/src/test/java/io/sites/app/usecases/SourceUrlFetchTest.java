package io.sites.app.usecases;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Bundles;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.app.HttpsOrigin;
import io.sites.app.HttpsOriginAllowance;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.context.annotation.Import;
import tools.jackson.databind.JsonNode;

/** sourceUrl files against a local HTTPS origin; the SSRF matrix against a loopback listener that must stay idle. */
@Import(HttpsOriginAllowance.class)
class SourceUrlFetchTest extends EmbeddedAppTest {
    private final HttpsOrigin origin = HttpsOrigin.shared();

    private static Map<String, Object> source(String path, String url) {
        Map<String, Object> file = new LinkedHashMap<>();
        file.put("path", path);
        file.put("sourceUrl", url);
        return file;
    }

    private JsonNode violation(Http.Response response) {
        assertThat(response.status()).as(response.text()).isEqualTo(422);
        return response.json().get("error").get("violations").get(0);
    }

    @Test
    void aFetchedFileIsServedByteForByteWithTheResponsesTypeThroughRedirects() {
        String slug = Bundles.unique("fetch");
        Http.Response published = http().post("/v1/websites", ALICE, Bundles.site(slug, "Fetched",
                Bundles.file("index.html", "<a href=\"data\">data</a>"),
                source("data", origin.url("/redirect/2")),
                source("img/photo.png", origin.url("/bytes/5000"))));
        assertThat(published.status()).as(published.text()).isEqualTo(201);
        Http.Response data = http().site(slug, "/data");
        assertThat(data.raw().body()).isEqualTo(HttpsOrigin.bytes(100));
        assertThat(data.header("Content-Type")).isEqualTo("application/x-test-bytes");
        Http.Response png = http().site(slug, "/img/photo.png");
        assertThat(png.raw().body()).isEqualTo(HttpsOrigin.bytes(5000));
        assertThat(png.header("Content-Type")).as("the path's type wins").isEqualTo("image/png");
    }

    @Test
    void fetchFailuresAreViolationsNamingThePath() {
        Http.Response response = http().post("/v1/websites", ALICE, Bundles.site(null, "Failures",
                Bundles.file("index.html", "x"),
                source("a.bin", origin.url("/missing")),
                source("b.bin", origin.url("/redirect/3")),
                source("c.bin", "http://example.com/c.bin"),
                source("d.css", origin.url("/style.css")),
                source("e.mp4", origin.url("/big"))));
        assertThat(response.status()).isEqualTo(422);
        List<String> got = new ArrayList<>();
        response.json().get("error").get("violations").forEach(v ->
                got.add(v.get("path").asString() + " " + v.get("code").asString()));
        assertThat(got).containsExactly("a.bin SOURCE_HTTP_ERROR", "b.bin SOURCE_TOO_MANY_REDIRECTS",
                "c.bin SOURCE_URL_INVALID", "d.css EXTERNAL_URL", "e.mp4 FILE_TOO_LARGE");
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://127.0.0.1:%d/", "https://2130706433:%d/", "https://0x7f000001:%d/",
            "https://0x7f.0.0.1:%d/", "https://0177.0.0.1:%d/", "https://127.1:%d/", "https://017700000001:%d/",
            "https://[::1]:%d/", "https://[::ffff:127.0.0.1]:%d/", "https://[::ffff:7f00:1]:%d/",
            "https://localhost:%d/", "https://10.0.0.1:%d/", "https://172.16.0.1:%d/", "https://192.168.0.1:%d/",
            "https://169.254.169.254:%d/", "https://100.64.0.1:%d/", "https://0.0.0.0:%d/", "https://[fd00::1]:%d/",
            "https://[fe80::1]:%d/", "https://224.0.0.1:%d/", "https://240.0.0.1:%d/", "https://[::]:%d/"})
    void forbiddenAddressesAreRefusedWithoutAConnection(String pattern) {
        int before = origin.forbiddenConnections();
        JsonNode v = violation(http().post("/v1/websites", ALICE, Bundles.site(null, "SSRF",
                Bundles.file("index.html", "x"), source("x.bin", pattern.formatted(origin.forbiddenPort())))));
        assertThat(v.get("code").asString()).isEqualTo("SOURCE_ADDRESS_FORBIDDEN");
        assertThat(v.get("path").asString()).isEqualTo("x.bin");
        assertThat(origin.forbiddenConnections()).isEqualTo(before);
    }

    @Test
    void aRedirectToAPrivateAddressIsCheckedAgainAndRefused() {
        int before = origin.forbiddenConnections();
        Http.Response response = http().post("/v1/websites", ALICE, Bundles.site(null, "Redirect",
                Bundles.file("index.html", "x"), source("a.bin", origin.url("/to-forbidden")),
                source("b.bin", origin.url("/to-metadata"))));
        JsonNode violations = response.json().get("error").get("violations");
        assertThat(violations.get(0).get("code").asString()).isEqualTo("SOURCE_ADDRESS_FORBIDDEN");
        assertThat(violations.get(1).get("code").asString()).isEqualTo("SOURCE_ADDRESS_FORBIDDEN");
        assertThat(origin.hits("/to-forbidden")).isPositive();
        assertThat(origin.forbiddenConnections()).isEqualTo(before);
    }

    @Test
    void twentyOneRemoteFilesAreRefusedWithoutFetchingAny() {
        List<Map<String, Object>> files = new ArrayList<>();
        files.add(Bundles.file("index.html", "x"));
        for (int i = 0; i < 21; i++) {
            files.add(source("f" + i + ".bin", origin.url("/bytes/21" + i)));
        }
        Http.Response response = http().post("/v1/websites", ALICE, Map.of("category", "other", "files", files));
        assertThat(response.status()).isEqualTo(422);
        assertThat(response.json().get("error").get("violations").get(0).get("code").asString())
                .isEqualTo("TOO_MANY_REMOTE_FILES");
        assertThat(origin.hits("/bytes/210")).isZero();
    }

    @Test
    void theTwoHundredAndFirstFetchInAnHourIsRefusedWith429() {
        // BOB's budget: nothing else in this class fetches for BOB.
        for (int publish = 0; publish < 10; publish++) {
            List<Map<String, Object>> files = new ArrayList<>();
            files.add(Bundles.file("index.html", "x"));
            for (int i = 0; i < 20; i++) {
                files.add(source("f" + i + ".bin", origin.url("/bytes/" + (i + 1))));
            }
            Http.Response ok = http().post("/v1/websites", BOB, Map.of("category", "other", "files", files));
            assertThat(ok.status()).as(ok.text()).isEqualTo(201);
        }
        Http.Response refused = http().post("/v1/websites", BOB, Map.of("category", "other", "files", List.of(
                Bundles.file("index.html", "x"), source("one.bin", origin.url("/bytes/1")))));
        assertThat(refused.status()).isEqualTo(429);
        assertThat(refused.json().get("error").get("code").asString()).isEqualTo("RATE_LIMITED");
        assertThat(Long.parseLong(refused.header("Retry-After"))).isBetween(1L, 3600L);
    }
}
