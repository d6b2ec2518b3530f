package io.sites.app.replicas;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.PostgresAppTest;
import io.sites.app.ServiceProcess;
import io.sites.site.usage.UsageFlush;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * Usage is counted where it is served and summed in the database (issue 35 items 1 and 4): a known load on two site
 * replicas, this process and a second JVM on the same PostgreSQL, each flushing its own rows, reads back exactly
 * (requests, body bytes, status classes, top paths, referrer hosts), and no table holds the visitors' address or
 * user agent.
 */
class UsageReplicaTest extends PostgresAppTest {
    private static final String AGENT = "UsageReplicaTest/1.0 (a very particular agent string)";
    private static final long WAIT_MILLIS = 30_000;

    @Autowired
    Environment environment;
    @Autowired
    JdbcTemplate jdbc;

    @Test
    void aKnownLoadOnTwoReplicasReadsBackExactlyAndNoVisitorIsStored() throws Exception {
        ServiceProcess second = ServiceProcess.beside(environment, Map.of("SITES_SITE_SERVER_USAGE_FLUSH", "1s"));
        second.start();
        try {
            String slug = unique("usage-fleet");
            Http.Response created = http().post("/v1/websites", ALICE, site(slug, "Counted",
                    file("index.html", "<p>home</p>"), file("about.html", "<p>about us</p>")));
            assertThat(created.status()).as(created.text()).isEqualTo(201);
            String id = created.json().get("websiteId").asString();
            String host = slug + ".localhost";

            List<Http.Response> answers = new ArrayList<>();
            for (int i = 0; i < 7; i++) {
                answers.add(http().onHost(host, "GET", "/", "User-Agent", AGENT));
                answers.add(second.site().onHost(host, "GET", "/", "User-Agent", AGENT));
            }
            for (int i = 0; i < 3; i++) {
                answers.add(http().onHost(host, "GET", "/about", "User-Agent", AGENT,
                        "Referer", "https://news.example.com/item?id=" + i));
                answers.add(i < 2 ? second.site().onHost(host, "GET", "/about", "User-Agent", AGENT,
                        "Referer", "https://blog.example.org/post/" + i)
                        : second.site().onHost(host, "GET", "/about", "User-Agent", AGENT));
            }
            answers.add(second.site().onHost(host, "GET", "/nothing-here", "User-Agent", AGENT));
            answers.add(http().onHost(host, "HEAD", "/", "User-Agent", AGENT));
            long bytes = 0;
            int[] classes = new int[6];
            for (Http.Response answer : answers) {
                bytes += answer.raw().body().length;
                classes[answer.status() / 100]++;
            }
            assertThat(classes[4]).as("one address the site does not have").isEqualTo(1);

            // This process writes when asked; the second on its own, every second: the sum is read until it is whole.
            assertThat(bean(UsageFlush.class).flush()).isTrue();
            long deadline = System.currentTimeMillis() + WAIT_MILLIS;
            JsonNode usage;
            do {
                Thread.sleep(200);
                usage = http().get("/v1/websites/" + id + "/usage?granularity=hour", ALICE).json();
            } while (usage.get("totals").get("requests").asLong() < answers.size()
                    && System.currentTimeMillis() < deadline);
            // A second read after another flush interval: nothing is counted twice once both replicas have written.
            Thread.sleep(2_500);
            usage = http().get("/v1/websites/" + id + "/usage?granularity=hour", ALICE).json();

            JsonNode totals = usage.get("totals");
            assertThat(jdbc.queryForObject("select count(distinct replica) from usage_hour where website_id = ?",
                    Integer.class, id)).as("each replica's own rows").isEqualTo(2);
            assertThat(totals.get("requests").asLong()).isEqualTo(answers.size());
            assertThat(totals.get("bytesSent").asLong()).isEqualTo(bytes);
            assertThat(totals.get("status2xx").asLong()).isEqualTo(classes[2]);
            assertThat(totals.get("status3xx").asLong()).isEqualTo(classes[3]);
            assertThat(totals.get("status4xx").asLong()).isEqualTo(classes[4]);
            assertThat(totals.get("status5xx").asLong()).isZero();
            // / : 7 GETs on each replica and a HEAD; the 404 is no path of the site.
            assertThat(ranked(usage.get("topPaths"), "path")).containsExactly(Map.entry("/", 15L),
                    Map.entry("/about", 6L));
            assertThat(ranked(usage.get("referrers"), "host")).containsExactly(
                    Map.entry("news.example.com", 3L), Map.entry("blog.example.org", 2L));

            assertThat(visitorTraces()).as("columns or values that hold an address or the user agent").isEmpty();
            assertThat(second.problems(0)).isEmpty();
        } finally {
            second.stop();
        }
    }

    /** Every usage table's column that is named for, or holds, the visitors' address or user agent. */
    private List<String> visitorTraces() {
        List<String> traces = new ArrayList<>();
        List<Map<String, Object>> columns = jdbc.queryForList("select table_name, column_name from"
                + " information_schema.columns where table_schema = current_schema() and table_name like 'usage%'");
        assertThat(columns).isNotEmpty();
        for (Map<String, Object> column : columns) {
            String table = (String) column.get("table_name");
            String name = (String) column.get("column_name");
            if (name.matches("(?i)(.*_)?(ip|addr|ua)(_.*)?|.*address.*|.*agent.*")) {
                traces.add(table + "." + name);
            }
            Integer holding = jdbc.queryForObject("select count(*) from " + table + " where cast(" + name
                    + " as varchar) like '%127.0.0.1%' or cast(" + name + " as varchar) like '%particular agent%'",
                    Integer.class);
            if (holding != null && holding > 0) {
                traces.add(table + "." + name + " holds it");
            }
        }
        return traces;
    }

    private static Map<String, Long> ranked(JsonNode list, String key) {
        Map<String, Long> ranked = new LinkedHashMap<>();
        list.forEach(each -> ranked.put(each.get(key).asString(), each.get("requests").asLong()));
        return ranked;
    }
}
