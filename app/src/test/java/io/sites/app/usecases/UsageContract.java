package io.sites.app.usecases;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.PostgresAppTest;
import io.sites.api.id.WebsiteId;
import io.sites.site.usage.SiteUsage;
import io.sites.site.usage.UsageFlush;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionException;
import org.springframework.transaction.support.TransactionCallback;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;

/**
 * Usage after a known load on two site replicas: this process's own (real HTTP to its site host) and a second
 * replica instance in the same JVM writing to the same database under its own name, as a replica on another host
 * does. The sums are exact; top paths and referrer hosts are right; a write retried after its answer was lost counts
 * once; nothing in the tables is an address or a user agent; strangers get 404. Runs on H2 and PostgreSQL.
 */
public interface UsageContract {
    Http http();

    <T> T bean(Class<T> type);

    String AGENT = "UsageContract-Agent/1.0 (a user agent that must not be stored)";

    /** A second replica, fed directly: this process's own is fed by real requests. */
    record OtherReplica(SiteUsage usage, UsageFlush flush) {
    }

    default OtherReplica otherReplica(TransactionTemplate transactions) {
        SiteUsage usage = new SiteUsage(System::currentTimeMillis, 100, 48);
        return new OtherReplica(usage, new UsageFlush(usage, bean(JdbcTemplate.class), transactions,
                unique("sites-other"), Duration.ofHours(1)));
    }

    /** A transaction that commits and then reports a failure: a write whose answer was lost on the way back. */
    final class AnswerLost extends TransactionTemplate {
        boolean lose = true;

        AnswerLost(PlatformTransactionManager manager) {
            super(manager);
        }

        @Override
        public <T> T execute(TransactionCallback<T> action) throws TransactionException {
            T result = super.execute(action);
            if (lose) {
                lose = false;
                throw new TransientDataAccessResourceException("the commit's answer was lost");
            }
            return result;
        }
    }

    @Test
    default void countsAreExactOverTwoReplicasAndReadableByOwnersOnly() {
        String slug = unique("usage");
        String index = "<!doctype html><title>Usage</title><p>counted</p>";
        String about = "<!doctype html><title>About</title><p>about us</p>";
        Http.Response created = http().post("/v1/websites", PostgresAppTest.ALICE, site(slug, "Usage",
                file("index.html", index), file("about.html", about)));
        assertThat(created.status()).isEqualTo(201);
        String id = created.json().get("websiteId").asString();

        // This replica: 3 pages, 2 referred visits to /about, one HEAD, one 404, one 304 (a cache hit).
        List<Http.Response> answers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            answers.add(http().onHost(slug + ".localhost", "GET", "/", "User-Agent", AGENT));
        }
        for (int i = 0; i < 2; i++) {
            answers.add(http().onHost(slug + ".localhost", "GET", "/about", "User-Agent", AGENT,
                    "Referer", "https://News.Example.com/item?id=" + i));
        }
        answers.add(http().onHost(slug + ".localhost", "HEAD", "/", "User-Agent", AGENT));
        answers.add(http().onHost(slug + ".localhost", "GET", "/missing", "User-Agent", AGENT));
        String etag = answers.getFirst().header("ETag");
        answers.add(http().onHost(slug + ".localhost", "GET", "/", "User-Agent", AGENT, "If-None-Match", etag));
        long bytes = 0;
        int[] classes = new int[6];
        for (Http.Response answer : answers) {
            bytes += answer.raw().body().length;
            classes[answer.status() / 100]++;
        }
        assertThat(answers.getLast().status()).isEqualTo(304);
        assertThat(classes[4]).isEqualTo(1);
        assertThat(bytes).isGreaterThan(3L * index.getBytes(StandardCharsets.UTF_8).length);

        // The other replica: 4 requests for / of 100 bytes each, referred by a blog.
        TransactionTemplate lost = new AnswerLost(bean(PlatformTransactionManager.class));
        OtherReplica other = otherReplica(lost);
        for (int i = 0; i < 4; i++) {
            other.usage().served(new WebsiteId(id), 200, 100, "/", slug + ".localhost",
                    "https://blog.example.org/post/" + i, 0x0A000001 + i, AGENT);
        }
        assertThat(other.flush().flush()).as("the answer is lost, so the replica thinks it failed").isFalse();
        assertThat(other.flush().flush()).as("and writes the same figures again").isTrue();
        assertThat(bean(UsageFlush.class).flush()).isTrue();
        assertThat(bean(UsageFlush.class).flush()).isTrue();

        JdbcTemplate jdbc = bean(JdbcTemplate.class);
        assertThat(jdbc.queryForObject("select count(distinct replica) from usage_hour where website_id = ?",
                Integer.class, id)).isEqualTo(2);
        JsonNode usage = http().get("/v1/websites/" + id + "/usage?granularity=hour", PostgresAppTest.ALICE).json();
        JsonNode totals = usage.get("totals");
        assertThat(totals.get("requests").asLong()).isEqualTo(answers.size() + 4);
        assertThat(totals.get("bytesSent").asLong()).isEqualTo(bytes + 400);
        assertThat(totals.get("status2xx").asLong()).isEqualTo(classes[2] + 4);
        assertThat(totals.get("status3xx").asLong()).isEqualTo(classes[3]);
        assertThat(totals.get("status4xx").asLong()).isEqualTo(classes[4]);
        assertThat(totals.get("status5xx").asLong()).isZero();
        assertThat(totals.get("cacheHits").asLong()).isEqualTo(1);
        long seriesRequests = 0;
        for (JsonNode point : usage.get("series")) {
            seriesRequests += point.get("requests").asLong();
        }
        assertThat(seriesRequests).isEqualTo(answers.size() + 4);
        assertThat(usage.get("series").size()).isEqualTo(7 * 24);
        // / : 3 GETs + 1 HEAD + 1 revalidation here, 4 there; the 404 is no path of the site.
        assertThat(ranked(usage.get("topPaths"), "path")).containsExactly(Map.entry("/", 9L),
                Map.entry("/about", 2L));
        assertThat(ranked(usage.get("referrers"), "host")).containsExactly(Map.entry("blog.example.org", 4L),
                Map.entry("news.example.com", 2L));
        assertThat(usage.get("visitors").asLong()).as("one agent here, four addresses there").isBetween(4L, 6L);

        // Nothing stored is an address, a user agent, a referring URL or a query.
        for (String table : List.of("usage_hour", "usage_day", "usage_path", "usage_referrer")) {
            for (Map<String, Object> row : jdbc.queryForList("select * from " + table + " where website_id = ?",
                    id)) {
                for (Object value : row.values()) {
                    assertThat(String.valueOf(value)).as(table).doesNotContain("127.0.0.1", "10.0.0.", "Agent",
                            "item?id", "/post/");
                }
            }
        }

        assertThat(http().get("/v1/websites/" + id + "/usage", PostgresAppTest.BOB).status()).isEqualTo(404);
        Http.Response tooLong = http().get("/v1/websites/" + id + "/usage?from=2026-01-01&to=2026-06-01",
                PostgresAppTest.ALICE);
        assertThat(tooLong.status()).isEqualTo(422);
        assertThat(tooLong.json().get("error").get("fields").has("from")).isTrue();
        assertThat(http().get("/v1/websites/" + id + "/usage?granularity=week", PostgresAppTest.ALICE).status())
                .isEqualTo(422);
        assertThat(http().get("/v1/websites/" + id + "/usage?to=yesterday", PostgresAppTest.ALICE).status())
                .isEqualTo(400);

        // The same figures through MCP, and the same 404 for a stranger.
        JsonNode tool = http().mcp(PostgresAppTest.ALICE, """
                {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_usage","arguments":
                 {"websiteId":"%s","granularity":"hour"}}}""".formatted(id)).json().path("result");
        assertThat(tool.path("isError").asBoolean(true)).as(tool.toString()).isFalse();
        assertThat(tool.path("structuredContent").path("totals").path("requests").asLong())
                .isEqualTo(answers.size() + 4);
        JsonNode refused = http().mcp(PostgresAppTest.BOB, """
                {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_usage","arguments":
                 {"websiteId":"%s"}}}""".formatted(id)).json().path("result");
        assertThat(refused.path("structuredContent").path("error").path("code").asString()).isEqualTo("NOT_FOUND");
        JsonNode accountTool = http().mcp(PostgresAppTest.ALICE, """
                {"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get_account_usage","arguments":{}}}"""
                ).json().path("result");
        assertThat(accountTool.path("structuredContent").path("storageBytes").asLong()).isPositive();

        JsonNode account = http().get("/v1/usage", PostgresAppTest.ALICE).json();
        JsonNode mine = null;
        for (JsonNode each : account.get("websites")) {
            if (each.get("websiteId").asString().equals(id)) {
                mine = each;
            }
        }
        assertThat(mine).isNotNull();
        assertThat(mine.get("totals").get("requests").asLong()).isEqualTo(answers.size() + 4);
        assertThat(account.get("storageBytes").asLong()).isGreaterThanOrEqualTo(
                index.getBytes(StandardCharsets.UTF_8).length + about.getBytes(StandardCharsets.UTF_8).length);
        for (JsonNode each : http().get("/v1/usage", PostgresAppTest.BOB).json().get("websites")) {
            assertThat(each.get("websiteId").asString()).isNotEqualTo(id);
        }
    }

    private static List<Map.Entry<String, Long>> ranked(JsonNode list, String key) {
        List<Map.Entry<String, Long>> ranked = new ArrayList<>();
        list.forEach(each -> ranked.add(Map.entry(each.get(key).asString(), each.get("requests").asLong())));
        return ranked;
    }
}
