package io.sites.app.webapp;

import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.id.AccountId;
import io.sites.api.id.WebsiteId;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.identity.Accounts;
import io.sites.app.usecases.AccountQuotas;
import io.sites.app.usecases.QuotaWatch;
import io.sites.site.usage.SiteUsage;
import io.sites.site.usage.UsageFlush;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** The owner sees the bandwidth notices: a banner on the websites page, a line in the website's history. */
class QuotaPagesTest extends EmbeddedAppTest {
    @LocalServerPort
    int serverPort;

    @Test
    void theOwnerIsToldOnTheWebsitesPageAndInTheHistory() {
        String username = unique("quota-pages");
        Browser owner = new Browser(serverPort, "127.0.0.1");
        owner.signUp(username, "correct horse battery");
        owner.get("/app/mcp");
        Matcher minted = Pattern.compile("id=\"token-value\">(sites_pat_[A-Za-z0-9_-]+)<")
                .matcher(owner.post("/app/mcp", Map.of("name", "setup", "expiry", "7")).body());
        assertThat(minted.find()).isTrue();
        String websiteId = http().post("/v1/websites", minted.group(1), Map.of("name", "Quota pages", "category",
                "other", "files", List.of(Map.of("path", "index.html", "content", "<h1>q</h1>")))).json()
                .get("websiteId").asString();
        assertThat(owner.get("/app/websites").body()).doesNotContain("quota-banner");

        AccountId account = bean(Accounts.class).byUsername(username).orElseThrow();
        bean(AccountQuotas.class).set(account, 1_000L, null, null);
        SiteUsage usage = new SiteUsage(System::currentTimeMillis, 10, 48);
        usage.served(new WebsiteId(websiteId), 200, 800, "/", "x.localhost", null, 1, "agent");
        new UsageFlush(usage, bean(JdbcTemplate.class), new TransactionTemplate(
                bean(PlatformTransactionManager.class)), unique("quota-pages"), Duration.ofHours(1)).flush();
        bean(QuotaWatch.class).check();
        assertThat(owner.get("/app/websites").body()).contains("id=\"quota-banner\"")
                .contains("80 % of this month");
        assertThat(owner.get("/app/websites/" + websiteId + "/history").body())
                .contains("Bandwidth quota 75 % used").contains("Bandwidth quota 50 % used")
                .contains("the bandwidth quota");

        usage.served(new WebsiteId(websiteId), 200, 300, "/", "x.localhost", null, 1, "agent");
        new UsageFlush(usage, bean(JdbcTemplate.class), new TransactionTemplate(
                bean(PlatformTransactionManager.class)), unique("quota-pages"), Duration.ofHours(1)).flush();
        bean(QuotaWatch.class).check();
        assertThat(owner.get("/app/websites").body()).contains("Your websites are paused");
        assertThat(owner.get("/app/websites/" + websiteId + "/history").body())
                .contains("Bandwidth quota used up: sites paused");
    }
}
