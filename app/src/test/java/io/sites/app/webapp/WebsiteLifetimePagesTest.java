package io.sites.app.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The Settings form for versions kept and expiry: the owner saves both, a bad value comes back in the rule's words,
 * the website's pages warn of an expiry within 24 hours, the history says it in words.
 */
class WebsiteLifetimePagesTest extends EmbeddedAppTest {
    private static final String PASSWORD = "correct horse battery";
    private static final DateTimeFormatter LOCAL = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm")
            .withZone(ZoneOffset.UTC);

    @LocalServerPort
    int serverPort;

    @Test
    void theOwnerSetsVersionsKeptAndAnExpiryAndIsWarnedOfIt() {
        Browser owner = new Browser(serverPort, "127.0.0.1");
        owner.signUp("lifetime-owner", PASSWORD);
        owner.get("/app/mcp");
        Matcher minted = Pattern.compile("id=\"token-value\">(sites_pat_[A-Za-z0-9_-]+)<")
                .matcher(owner.post("/app/mcp", Map.of("name", "setup", "expiry", "7")).body());
        assertThat(minted.find()).isTrue();
        String websiteId = http().post("/v1/websites", minted.group(1), Map.of("name", "Lifetime", "category",
                "other", "files", List.of(Map.of("path", "index.html", "content", "<h1>life</h1>")))).json()
                .get("websiteId").asString();
        String settings = "/app/websites/" + websiteId + "/settings";
        assertThat(owner.get(settings).body()).contains("Every version is kept.", "The website never expires.")
                .doesNotContain("id=\"expiry-warning\"");

        owner.post("/app/websites/" + websiteId + "/lifetime", Map.of("retainVersions", "0", "expiresAt", ""));
        assertThat(owner.get(settings).body()).contains("An integer from 1");

        String soon = LOCAL.format(Instant.now().plus(12, ChronoUnit.HOURS));
        assertThat(owner.post("/app/websites/" + websiteId + "/lifetime",
                Map.of("retainVersions", "2", "expiresAt", soon)).statusCode()).isEqualTo(302);
        String page = owner.get(settings).body();
        assertThat(page).contains("The newest 2 versions are kept", "id=\"expiry-warning\"", "This website expires");
        assertThat(owner.get("/app/websites/" + websiteId).body()).as("every page of the website warns")
                .contains("id=\"expiry-warning\"");
        assertThat(http().get("/v1/websites/" + websiteId, minted.group(1)).json().get("expiresAt").asString())
                .isEqualTo(soon + ":00Z");
        assertThat(owner.get("/app/websites/" + websiteId + "/history").body())
                .contains("Settings changed", "versions kept: 2");

        String later = LOCAL.format(Instant.now().plus(10, ChronoUnit.DAYS));
        owner.post("/app/websites/" + websiteId + "/lifetime", Map.of("retainVersions", "", "expiresAt", later));
        assertThat(owner.get(settings).body()).as("more than 24 hours away: no warning")
                .contains("Every version is kept.").doesNotContain("id=\"expiry-warning\"");
    }
}
