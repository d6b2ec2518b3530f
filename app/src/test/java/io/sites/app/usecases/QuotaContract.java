package io.sites.app.usecases;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.id.AccountId;
import io.sites.api.id.WebsiteId;
import io.sites.app.Http;
import io.sites.app.identity.AccessTokens;
import io.sites.app.identity.Accounts;
import io.sites.site.quota.SiteLimits;
import io.sites.site.usage.SiteUsage;
import io.sites.site.usage.UsageFlush;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;

/**
 * Quotas and the pause on one database (H2 and PostgreSQL): the 50, 75 and 100 % notices are told once each even
 * when several api replicas decide at once; at 100 % the account's sites answer 503 with Retry-After and
 * {@code GET /v1/usage} says why, until the operator raises the quota; a publish over the storage quota is
 * QUOTA_EXCEEDED and leaves nothing behind; an account's own request ceiling answers 429 while another account's
 * site on the same replica is served. Each test has accounts of its own: a pause must not reach another test.
 */
public interface QuotaContract {
    Http http();

    <T> T bean(Class<T> type);

    record User(AccountId id, String token) {
    }

    default User user(String prefix) {
        AccountId id = bean(Accounts.class).createIfAbsent(unique(prefix));
        return new User(id, bean(AccessTokens.class).mint(id, "test", null));
    }

    default String website(User owner, String slug, String body) {
        Http.Response created = http().post("/v1/websites", owner.token(), site(slug, "Quota",
                file("index.html", body)));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        return created.json().get("websiteId").asString();
    }

    /** Two api replicas deciding at the same instant, twice: what each decided. */
    default int decideTwiceOnTwoReplicas() throws Exception {
        QuotaWatch other = new QuotaWatch(bean(JdbcTemplate.class), bean(AccountQuotas.class), Clock.systemUTC(),
                bean(QuotaDefaults.class), bean(org.axonframework.commandhandling.gateway.CommandGateway.class));
        int told = 0;
        try (ExecutorService both = Executors.newFixedThreadPool(2)) {
            for (int round = 0; round < 2; round++) {
                List<Future<Integer>> rounds = both.invokeAll(List.<Callable<Integer>>of(
                        () -> bean(QuotaWatch.class).check(), other::check));
                for (Future<Integer> each : rounds) {
                    told += each.get();
                }
            }
        }
        return told;
    }

    @Test
    default void noticesOnceEachThenThePauseUntilTheQuotaIsRaised() throws Exception {
        User owner = user("quota-owner");
        User neighbour = user("quota-neighbour");
        String slug = unique("quota");
        String id = website(owner, slug, "<p>paid for</p>");
        String otherSlug = unique("quota-other");
        website(neighbour, otherSlug, "<p>next door</p>");
        bean(AccountQuotas.class).set(owner.id(), 10_000L, null, null);
        SiteUsage usage = new SiteUsage(System::currentTimeMillis, 10, 48);
        UsageFlush flush = new UsageFlush(usage, bean(JdbcTemplate.class), new TransactionTemplate(
                bean(PlatformTransactionManager.class)), unique("quota-replica"), Duration.ofHours(1));
        JdbcTemplate jdbc = bean(JdbcTemplate.class);

        int[] steps = {4_000, 5_000, 7_600, 10_000};
        List<List<Integer>> expected = List.of(List.of(), List.of(50), List.of(50, 75), List.of(50, 75, 100));
        long sent = 0;
        for (int step = 0; step < steps.length; step++) {
            usage.served(new WebsiteId(id), 200, steps[step] - sent, "/", slug + ".localhost", null, 1, "agent");
            sent = steps[step];
            assertThat(flush.flush()).isTrue();
            decideTwiceOnTwoReplicas();
            assertThat(jdbc.queryForList("select threshold from quota_notice where account_id = ? order by"
                    + " threshold", Integer.class, owner.id().value())).as("after %d bytes", sent)
                    .isEqualTo(expected.get(step));
            JsonNode quota = http().get("/v1/usage", owner.token()).json().get("quota");
            assertThat(quota.get("bandwidthUsed").asLong()).isEqualTo(sent);
            assertThat(quota.get("notices").toString()).isEqualTo(expected.get(step).toString().replace(" ", ""));
            assertThat(quota.get("paused").asBoolean()).isEqualTo(step == 3);
        }

        // Each notice is an event in the website's history, once, through the door "quota".
        List<JsonNode> told = http().get("/v1/websites/" + id + "/history", owner.token()).json().get("items")
                .valueStream().filter(entry -> entry.get("type").asString().equals("quota.bandwidth")).toList();
        assertThat(told).extracting(entry -> entry.get("details").get("percent").asInt()).containsExactly(100, 75, 50);
        assertThat(told.getFirst().get("details").get("paused").asBoolean()).isTrue();
        assertThat(told.getFirst().get("actor").get("via").asString()).isEqualTo("quota");
        assertThat(jdbc.queryForObject("select count(*) from quota_notice where account_id = ? and told = true",
                Integer.class, owner.id().value())).isEqualTo(3);

        // Paused: the site answers 503 with a plain page and Retry-After; the neighbour's site is served.
        bean(SiteLimits.class).refresh();
        Http.Response paused = http().onHost(slug + ".localhost", "GET", "/");
        assertThat(paused.status()).isEqualTo(503);
        assertThat(paused.text()).contains("Paused");
        long nextMonth = YearMonth.now(ZoneOffset.UTC).plusMonths(1).atDay(1).atStartOfDay(ZoneOffset.UTC)
                .toEpochSecond();
        long untilNextMonth = nextMonth - Instant.now().getEpochSecond();
        assertThat(Long.parseLong(paused.header("Retry-After"))).isBetween(untilNextMonth - 5, untilNextMonth + 1);
        assertThat(http().onHost(otherSlug + ".localhost", "GET", "/").text()).isEqualTo("<p>next door</p>");
        JsonNode quota = http().get("/v1/usage", owner.token()).json().get("quota");
        assertThat(quota.get("pausedUntil").asString()).isEqualTo(Instant.ofEpochSecond(nextMonth).toString());
        assertThat(quota.get("pausedBecause").asString()).contains("bandwidth quota of 10000 bytes");
        assertThat(http().get("/v1/usage", neighbour.token()).json().get("quota").get("paused").asBoolean())
                .isFalse();
        JsonNode tool = http().mcp(owner.token(), """
                {"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get_account_usage","arguments":{}}}"""
                ).json().path("result");
        assertThat(tool.path("structuredContent").path("quota").path("paused").asBoolean()).isTrue();
        assertThat(tool.path("content").toString()).contains("Bandwidth this month")
                .contains("bandwidth quota of 10000 bytes");

        // The operator raises the quota: served again at the next round, no notice told twice.
        bean(AccountQuotas.class).set(owner.id(), 1_000_000L, null, null);
        decideTwiceOnTwoReplicas();
        bean(SiteLimits.class).refresh();
        assertThat(http().onHost(slug + ".localhost", "GET", "/").text()).isEqualTo("<p>paid for</p>");
        assertThat(http().get("/v1/usage", owner.token()).json().get("quota").get("paused").asBoolean()).isFalse();
        assertThat(jdbc.queryForObject("select count(*) from quota_notice where account_id = ?", Integer.class,
                owner.id().value())).isEqualTo(3);
    }

    @Test
    default void filesSentAheadCountForTheDayAgainstTheStorageQuota() {
        User owner = user("quota-ahead");
        bean(AccountQuotas.class).set(owner.id(), null, 3_000_000L, null);
        String one = "<p>" + "a".repeat(1_200_000) + "</p>";
        assertThat(http().post("/v1/uploads/batch", owner.token(), java.util.Map.of("files",
                java.util.List.of(file("one.html", one)))).status()).isEqualTo(201);
        assertThat(http().post("/v1/uploads/batch", owner.token(), java.util.Map.of("files",
                java.util.List.of(file("one.html", one)))).status()).as("the same bytes add nothing").isEqualTo(201);
        // No version names the first yet, but it is held for the day: 2 MiB counted, and 1.2 MB more is over 3 MB.
        Http.Response refused = http().post("/v1/uploads/batch", owner.token(), java.util.Map.of("files",
                java.util.List.of(file("two.html", "<p>" + "b".repeat(1_200_000) + "</p>"))));
        assertThat(refused.status()).as(refused.text()).isEqualTo(507);
        assertThat(refused.json().get("error").get("fields").get("quota").asString()).isEqualTo("storage");
        assertThat(refused.json().get("error").get("message").asString()).contains("sent ahead today");
    }

    @Test
    default void versionsRetentionPrunedOrWebsitesDeletedFreeTheirStorage() {
        User owner = user("quota-freed");
        bean(AccountQuotas.class).set(owner.id(), null, 1_000L, null);
        String id = website(owner, unique("quota-freed"), "a".repeat(300));
        assertThat(http().send("PATCH", "/v1/websites/" + id, owner.token(), "application/json",
                "{\"retainVersions\": 1}").status()).isEqualTo(200);
        // Versions never made live: retention prunes each as soon as a newer one is published.
        assertThat(publish(owner, id, "b".repeat(400)).status()).isEqualTo(201);
        assertThat(stored(owner)).isEqualTo(700);
        assertThat(publish(owner, id, "c".repeat(200)).status()).isEqualTo(201);
        assertThat(stored(owner)).as("version 2 pruned: the live 300 and version 3's 200").isEqualTo(500);
        Http.Response fits = publish(owner, id, "e".repeat(450));
        assertThat(fits.status()).as("a pruned version no longer counts: " + fits.text()).isEqualTo(201);
        assertThat(stored(owner)).isEqualTo(750);

        Http.Response over = http().post("/v1/websites", owner.token(), site(unique("quota-freed2"), "Second",
                file("index.html", "d".repeat(600))));
        assertThat(over.status()).as(over.text()).isEqualTo(507);
        assertThat(http().send("DELETE", "/v1/websites/" + id, owner.token(), "application/json", "").status())
                .isBetween(200, 204);
        assertThat(stored(owner)).as("a deleted website's files no longer count").isZero();
        Http.Response afterDelete = http().post("/v1/websites", owner.token(), site(unique("quota-freed3"),
                "Third", file("index.html", "d".repeat(600))));
        assertThat(afterDelete.status()).as(afterDelete.text()).isEqualTo(201);
    }

    private Http.Response publish(User owner, String id, String page) {
        return http().post("/v1/websites/" + id + "/versions", owner.token(),
                version(false, "not made live", file("index.html", page)));
    }

    /** The figure getAccountUsage shows, which the storage quota is checked against. */
    private long stored(User owner) {
        return http().get("/v1/usage", owner.token()).json().get("storageBytes").asLong();
    }

    @Test
    default void aPublishOverTheStorageQuotaIsRefusedAndLeavesNothing() throws Exception {
        User owner = user("quota-storage");
        bean(AccountQuotas.class).set(owner.id(), null, 1_000L, null);
        String first = "a".repeat(600);
        String id = website(owner, unique("quota-store"), first);
        // The same file again is stored already: counted once, so it fits.
        assertThat(http().post("/v1/websites/" + id + "/versions", owner.token(),
                version(true, "same", file("index.html", first))).status()).isEqualTo(201);

        String second = "b".repeat(600);
        int historyBefore = http().get("/v1/websites/" + id + "/history", owner.token()).json().get("items").size();
        Http.Response refused = http().post("/v1/websites/" + id + "/versions", owner.token(),
                version(true, "too much", file("index.html", second)));
        assertThat(refused.status()).as(refused.text()).isEqualTo(507);
        JsonNode error = refused.json().get("error");
        assertThat(error.get("code").asString()).isEqualTo("QUOTA_EXCEEDED");
        assertThat(error.get("fields").get("quota").asString()).isEqualTo("storage");
        assertThat(error.get("message").asString()).contains("storage quota of 1000 bytes");
        Http.Response created = http().post("/v1/websites", owner.token(), site(unique("quota-store2"), "Second",
                file("index.html", second)));
        assertThat(created.status()).as("a new website counts too").isEqualTo(507);

        // Nothing behind: no version, no event, no reference to the refused file.
        JsonNode website = http().get("/v1/websites/" + id, owner.token()).json();
        assertThat(website.get("currentVersion").get("version").asInt()).isEqualTo(2);
        assertThat(http().get("/v1/websites/" + id + "/versions", owner.token()).json().get("versions").size())
                .isEqualTo(2);
        assertThat(http().get("/v1/websites/" + id + "/history", owner.token()).json().get("items").size())
                .isEqualTo(historyBefore);
        String digest = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(second.getBytes(StandardCharsets.UTF_8)));
        assertThat(bean(JdbcTemplate.class).queryForObject("select count(*) from qs_version_file where sha256 = ?",
                Integer.class, digest)).isZero();
        assertThat(http().get("/v1/websites", owner.token()).json().get("items").size()).isEqualTo(1);
    }

    @Test
    default void aSitePastItsCeilingIs429WhileAnotherSiteOnTheReplicaIsServed() throws Exception {
        User flooded = user("quota-flood");
        User calm = user("quota-calm");
        String slug = unique("quota-flood");
        website(flooded, slug, "<p>flooded</p>");
        String calmSlug = unique("quota-calm");
        website(calm, calmSlug, "<p>calm</p>");
        bean(AccountQuotas.class).set(flooded.id(), null, null, 2);
        bean(QuotaWatch.class).check();
        bean(SiteLimits.class).refresh();

        int refused = 0;
        for (int i = 0; i < 20; i++) {
            Http.Response answer = http().onHost(slug + ".localhost", "GET", "/");
            if (answer.status() == 429) {
                refused++;
                assertThat(answer.header("Retry-After")).isEqualTo("1");
            } else {
                assertThat(answer.status()).isEqualTo(200);
            }
            assertThat(http().onHost(calmSlug + ".localhost", "GET", "/").status()).as("the other site")
                    .isEqualTo(200);
        }
        assertThat(refused).as("2 a second in bursts of 4: most of 20 quick requests are refused")
                .isGreaterThanOrEqualTo(10);
        assertThat(http().get("/v1/usage", flooded.token()).json().get("quota").get("requestsSecond").asInt())
                .isEqualTo(2);
    }
}
