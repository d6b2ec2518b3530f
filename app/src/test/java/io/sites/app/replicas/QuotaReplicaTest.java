package io.sites.app.replicas;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.id.AccountId;
import io.sites.api.id.WebsiteId;
import io.sites.app.Http;
import io.sites.app.PostgresAppTest;
import io.sites.app.ServiceProcess;
import io.sites.app.web.EventStream;
import io.sites.app.identity.AccessTokens;
import io.sites.app.identity.Accounts;
import io.sites.app.usecases.AccountQuotas;
import io.sites.site.usage.SiteUsage;
import io.sites.site.usage.UsageFlush;
import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;

/**
 * The pause is fleet-wide (issue 35 item 4): once the usage rows say an account is past its month's bandwidth,
 * both site replicas (this process and a second JVM on the same PostgreSQL) answer 503 within 5 s, decided by the
 * quota watches from the database alone, and {@code GET /v1/usage} says why; a raised quota serves again on both.
 * Riding along, since a second JVM is costly: the live feed (GET /v1/events) works on any api replica, a stream on
 * the second one getting a publish made through this one (its reader woken by PostgreSQL's notification).
 */
class QuotaReplicaTest extends PostgresAppTest {
    private static final long WITHIN_MILLIS = 5_000;

    @Autowired
    Environment environment;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    PlatformTransactionManager transactions;

    @Test
    void everyReplicaPausesTheAccountsSitesWithinSeconds() throws Exception {
        ServiceProcess second = ServiceProcess.beside(environment, Map.of());
        second.start();
        try {
            AccountId owner = bean(Accounts.class).createIfAbsent(unique("quota-fleet"));
            String token = bean(AccessTokens.class).mint(owner, "test", null);
            String slug = unique("quota-fleet");
            Http.Response created = http().post("/v1/websites", token, site(slug, "Fleet",
                    file("index.html", "<p>fleet</p>")));
            assertThat(created.status()).as(created.text()).isEqualTo(201);
            String id = created.json().get("websiteId").asString();
            assertThat(second.site().onHost(slug + ".localhost", "GET", "/").text()).isEqualTo("<p>fleet</p>");
            try (EventStream stream = EventStream.open(second.apiPort(), token, "websiteId=" + id, null)) {
                assertThat(stream.status()).isEqualTo(200);
                stream.resumePoint();
                assertThat(http().post("/v1/websites/" + id + "/versions", token, version(true, "elsewhere",
                        file("index.html", "<p>fleet</p>"))).status()).isEqualTo(201);
                JsonNode event = stream.next().data();
                assertThat(event.get("type").asString()).isEqualTo("version.published");
                assertThat(event.get("details").get("message").asString()).isEqualTo("elsewhere");
            }
            bean(AccountQuotas.class).set(owner, 10_000L, null, null);

            // A third replica's figures reach the database: the account is past its quota.
            SiteUsage usage = new SiteUsage(System::currentTimeMillis, 10, 48);
            usage.served(new WebsiteId(id), 200, 12_000, "/", slug + ".localhost", null, 1, "agent");
            assertThat(new UsageFlush(usage, jdbc, new TransactionTemplate(transactions), unique("quota-third"),
                    Duration.ofHours(1)).flush()).isTrue();
            long written = System.nanoTime();
            awaitStatus(503, () -> http().onHost(slug + ".localhost", "GET", "/"), written);
            awaitStatus(503, () -> second.site().onHost(slug + ".localhost", "GET", "/"), written);
            assertThat(second.site().onHost(slug + ".localhost", "GET", "/").header("Retry-After")).isNotBlank();
            JsonNode quota = http().get("/v1/usage", token).json().get("quota");
            assertThat(quota.get("paused").asBoolean()).isTrue();
            assertThat(quota.get("pausedBecause").asString()).contains("bandwidth quota");
            assertThat(quota.get("notices").toString()).isEqualTo("[50,75,100]");
            assertThat(jdbc.queryForObject("select count(*) from quota_notice where account_id = ?", Integer.class,
                    owner.value())).as("told once each, though two api replicas decide").isEqualTo(3);

            bean(AccountQuotas.class).set(owner, 1_000_000L, null, null);
            long raised = System.nanoTime();
            awaitStatus(200, () -> http().onHost(slug + ".localhost", "GET", "/"), raised);
            awaitStatus(200, () -> second.site().onHost(slug + ".localhost", "GET", "/"), raised);
            assertThat(second.problems(0)).isEmpty();
        } finally {
            second.stop();
        }
    }

    /** Polls until the answer has the status, failing when that takes more than 5 s from {@code since}. */
    private static void awaitStatus(int status, Supplier<Http.Response> request, long since)
            throws InterruptedException {
        while (request.get().status() != status) {
            assertThat((System.nanoTime() - since) / 1_000_000).as("milliseconds until %d", status)
                    .isLessThan(WITHIN_MILLIS);
            Thread.sleep(50);
        }
    }
}
