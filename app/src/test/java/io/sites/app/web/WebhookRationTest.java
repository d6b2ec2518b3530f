package io.sites.app.web;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.id.AccountId;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.app.identity.AccessTokens;
import io.sites.app.identity.Accounts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Registrations are rationed per account as domain checks are (each resolves the URL's host on a request thread):
 * past the budget, on either route, 429 RATE_LIMITED in the envelope with Retry-After, nothing stored; another
 * account's budget is its own. The window is a fixed minute, so the test asks until refused rather than counting on
 * not crossing a minute's edge: the first refusal never comes before the budget is spent.
 */
@TestPropertySource(properties = "sites.webhooks.registrations-per-minute=3")
class WebhookRationTest extends EmbeddedAppTest {
    /** RFC 6761: never resolves, so nothing leaves the machine. */
    private static final String NOWHERE = "https://hooks.ration-test.invalid/in";

    @Test
    void registrationsPastTheRationAre429AndLeaveNoRow() {
        String token = token("rationed");
        String website = http().post("/v1/websites", token, site(unique("rationed"), "Rationed",
                file("index.html", "<p>r</p>"))).json().get("websiteId").asString();
        List<Integer> statuses = new ArrayList<>();
        Http.Response refused = null;
        for (int i = 0; i < 7 && refused == null; i++) {
            String path = i % 2 == 0 ? "/v1/websites/" + website + "/webhooks" : "/v1/webhooks";
            Http.Response answer = http().post(path, token, Map.of("url", NOWHERE + "/" + i,
                    "events", List.of("*")));
            statuses.add(answer.status());
            if (answer.status() == 429) {
                refused = answer;
            }
        }
        assertThat(refused).as("statuses " + statuses).isNotNull();
        assertThat(statuses.indexOf(429)).as("statuses " + statuses).isGreaterThanOrEqualTo(3);
        assertThat(statuses.stream().filter(status -> status != 429)).containsOnly(201);
        JsonNode document = http().get("/v1/openapi.json", null).json();
        OpenApiTest.check(document, statuses.size() % 2 == 1 ? "addWebhook" : "addAccountWebhook", refused, 429);
        assertThat(refused.header("Content-Type")).startsWith("application/json");
        assertThat(refused.json().get("error").get("code").asString()).isEqualTo("RATE_LIMITED");
        assertThat(refused.json().get("error").get("message").asString())
                .contains("At most 3 webhook registrations a minute per account");
        assertThat(Long.parseLong(refused.header("Retry-After"))).isBetween(1L, 60L);
        long stored = statuses.stream().filter(status -> status == 201).count();
        int listed = http().get("/v1/websites/" + website + "/webhooks", token).json().get("webhooks").size()
                + http().get("/v1/webhooks", token).json().get("webhooks").size();
        assertThat(listed).as("a refused registration leaves no row").isEqualTo(stored);

        String other = token("unrationed");
        assertThat(http().post("/v1/webhooks", other, Map.of("url", NOWHERE, "events",
                List.of("*"))).status()).as("another account's budget is its own").isEqualTo(201);
        assertThat(bean(JdbcTemplate.class).queryForObject("select count(*) from webhook", Integer.class))
                .isEqualTo((int) stored + 1);
    }

    private String token(String prefix) {
        AccountId id = bean(Accounts.class).createIfAbsent(unique(prefix));
        return bean(AccessTokens.class).mint(id, "test", null);
    }
}
