package io.sites.app.axon;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.PostgresAppTest;
import io.sites.app.PostgresTestDatabase;
import io.sites.app.SitesApplication;
import io.sites.api.command.AddCollaboratorCommand;
import io.sites.api.id.WebsiteId;
import io.sites.app.identity.Accounts;
import io.sites.command.publish.ReadModels;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import tools.jackson.databind.JsonNode;

/**
 * The upgrade path of V2026_11_23_81 on a database made before V2026_11_23_79: the migration freezes the old read
 * model and drops the read model's token; the service answers every read as before, from the first request it
 * accepts, while the model replays; afterwards diffVersions has the sha256 the old rows lacked.
 *
 * <p>Today's code cannot run on a schema before 79 (its projection writes qs_version_warning and the sha256
 * column), so the old database is made by running it up to 80 and taking 79 and 80 back out: the tables, the
 * column and their rows in Flyway's history, leaving what the service stored before 79 (events, tokens, old rows).
 * That its schema then is exactly what Flyway makes up to 72 (the newest before 79) is checked against a database
 * migrated only that far.
 */
class ReadModelUpgradeTest {
    private static final String BEFORE_79 = "2026.11.23.72";
    /** The old service needs 80 to run, see above. */
    private static final String RUNNABLE_BEFORE_81 = "2026.11.23.80";
    private static final String ALICE = PostgresAppTest.ALICE;
    private static final String BOB = PostgresAppTest.BOB;

    @Test
    void postgresAnswersAsBeforeThroughTheRebuild() throws Exception {
        upgrade(Map.of("spring.profiles.active", "postgres", "spring.datasource.url", PostgresTestDatabase.create(),
                "spring.datasource.username", PostgresTestDatabase.user()), new DriverManagerDataSource(
                PostgresTestDatabase.create(), PostgresTestDatabase.user(), ""));
    }

    @Test
    void embeddedAnswersAsBeforeThroughTheRebuild() throws Exception {
        upgrade(Map.of(), new DriverManagerDataSource("jdbc:h2:mem:upgrade-reference;MODE=PostgreSQL;"
                + "DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1", "sa", ""));
    }

    /** @param before79 an empty database of the same kind, for the schema the old one must have */
    private static void upgrade(Map<String, Object> database, DataSource before79) throws Exception {
        Map<String, Object> settings = new LinkedHashMap<>(database);
        settings.put("sites.data-dir", Files.createTempDirectory("sites-upgrade").toString());
        settings.put("sites.site-host", "localhost");
        settings.put("sites.seed-tokens", "alice=" + ALICE + ",bob=" + BOB);
        // The old service served every version publicly and had no key of preview grants; and a read that mints a
        // fresh grant each time could not be compared with the same read before.
        settings.put("sites.previews", "public");

        Map<String, String> reads;
        List<String> websites = new ArrayList<>();
        try (ConfigurableApplicationContext old = start(settings, RUNNABLE_BEFORE_81, 0)) {
            // Today's code stands in for the old service, and its publishes record account_blob (V2026_11_23_85),
            // each owner's live count (V2026_11_24_01) and each website's last changing event (V2026_11_24_02),
            // which the old service never wrote: the tables and the column are lent for the publishes and taken
            // back below.
            old.getBean(JdbcTemplate.class).execute("create table account_blob (account_id varchar(64) not null,"
                    + " sha256 varchar(64) not null, size bigint not null, primary key (account_id, sha256))");
            old.getBean(JdbcTemplate.class).execute("create table qs_owner_count (owner_id varchar(64) primary key,"
                    + " live integer not null, stored_bytes bigint not null default 0)");
            // And each owner's blobs of V2026_11_29_80, which the projection settles as it writes a version.
            old.getBean(JdbcTemplate.class).execute("create table qs_owner_blob (owner_id varchar(64) not null,"
                    + " sha256 varchar(64) not null, size bigint not null, primary key (owner_id, sha256))");
            old.getBean(JdbcTemplate.class).execute("alter table qs_website add column updated_sequence bigint");
            // And the owner's settings of V2026_11_28_50, which today's reads select.
            old.getBean(JdbcTemplate.class).execute("alter table qs_website add column retain_versions integer");
            old.getBean(JdbcTemplate.class).execute("alter table qs_website add column expires_at timestamp");
            old.getBean(JdbcTemplate.class).execute("alter table qs_version add column pruned_at timestamp");
            // And the blob rows of V2026_11_28_90, which every publish touches in its event's transaction.
            old.getBean(JdbcTemplate.class).execute("create table stored_blob (sha256 varchar(64) primary key,"
                    + " touched_at timestamp not null, sure boolean not null, doomed_at timestamp)");
            // And the quotas of V2026_11_28_80: a publish reads its owner's storage quota, a site replica the limits.
            old.getBean(JdbcTemplate.class).execute("create table account_quota (account_id varchar(64) primary key,"
                    + " bandwidth_month bigint, storage_bytes bigint, requests_second integer,"
                    + " changed_at timestamp not null)");
            old.getBean(JdbcTemplate.class).execute("create table site_limit (website_id varchar(64) primary key,"
                    + " account_id varchar(64) not null, paused_until timestamp, requests_second integer,"
                    + " changed_at timestamp not null)");
            Http http = new Http(port(old));
            for (int w = 0; w < 2; w++) {
                websites.add(publish(old, http, w));
            }
            reads = reads(http, websites);
            takeOutMigrations79And80(old.getBean(JdbcTemplate.class));
            Flyway.configure().dataSource(before79).locations("classpath:db/migration").target(BEFORE_79).load()
                    .migrate();
            assertThat(schema(old.getBean(JdbcTemplate.class))).as("the old database has the schema of " + BEFORE_79)
                    .isEqualTo(schema(new JdbcTemplate(before79)));
        }
        int port = freePort();
        CompletableFuture<ConfigurableApplicationContext> starting = CompletableFuture.supplyAsync(
                () -> start(settings, null, port));
        Http http = new Http(port);
        ConfigurableApplicationContext upgraded = null;
        int readsWhileFrozen = 0;
        long deadline = System.nanoTime() + Duration.ofSeconds(45).toNanos();
        try {
            awaitAccepting(http, starting);
            while (true) {
                assertThat(System.nanoTime()).as("the rebuild caught up in time").isLessThan(deadline);
                boolean frozen = upgraded == null || frozen(upgraded);
                // Every read, from the first request the upgraded service accepts, as before the upgrade.
                reads.forEach((path, before) -> {
                    Http.Response now = read(http, path);
                    assertThat(now.status()).as(path + ": " + now.text()).isEqualTo(200);
                    assertThat(now.text()).as(path).isEqualTo(before);
                });
                if (!frozen) {
                    break;
                }
                // Until the service is ready, the switch back cannot have happened (ApplicationReadyEvent starts it).
                readsWhileFrozen += reads.size();
                if (upgraded == null && starting.isDone()) {
                    upgraded = starting.join();
                }
            }
            assertThat(readsWhileFrozen).as("reads were made while the model replayed").isPositive();
            // The copy is dropped a moment after reads switched back: proof that the migration froze the old model.
            while (frozenCopy(upgraded)) {
                assertThat(System.nanoTime()).as("the frozen copy dropped in time").isLessThan(deadline);
                Thread.sleep(50);
            }
            System.out.printf("UPGRADE reads=%d answered while frozen=%d%n", reads.size(), readsWhileFrozen);

            for (String website : websites) {
                JsonNode diff = http.get("/v1/websites/" + website + "/versions/3/diff?against=1", ALICE).json();
                assertThat(diff.get("changed")).as(diff.toString()).isNotEmpty();
                for (JsonNode changed : diff.get("changed")) {
                    assertThat(changed.get("before").get("sha256").asString()).matches("[0-9a-f]{64}");
                    assertThat(changed.get("after").get("sha256").asString()).matches("[0-9a-f]{64}")
                            .isNotEqualTo(changed.get("before").get("sha256").asString());
                }
                assertThat(diff.get("added").get(0).get("sha256").asString()).matches("[0-9a-f]{64}");
            }
        } finally {
            if (upgraded == null) {
                upgraded = starting.join();
            }
            upgraded.close();
        }
    }

    private static ConfigurableApplicationContext start(Map<String, Object> settings, String target, int port) {
        Map<String, Object> properties = new LinkedHashMap<>(settings);
        properties.put("server.port", port);
        properties.put("sites.limits.publishes-per-minute", 100000);
        if (target != null) {
            properties.put("spring.flyway.target", target);
        }
        // Arguments, not default properties: those would lose to application.yml and its profiles.
        return new SpringApplicationBuilder(SitesApplication.class).run(properties.entrySet().stream()
                .map(property -> "--" + property.getKey() + "=" + property.getValue()).toArray(String[]::new));
    }

    /** A website of three versions (the second not promoted), alice the owner and bob a collaborator. */
    private static String publish(ConfigurableApplicationContext service, Http http, int w) {
        Http.Response created = http.post("/v1/websites", ALICE, site(unique("upgrade" + w), "Upgrade " + w,
                file("index.html", "<p>one " + w + "</p>"), file("style.css", "p{color:red}")));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        String id = created.json().get("websiteId").asString();
        for (int v = 2; v <= 3; v++) {
            Http.Response published = http.post("/v1/websites/" + id + "/versions", ALICE, version(v == 3,
                    "version " + v, file("index.html", "<p>" + v + " " + w + "</p>"), file("style.css",
                            "p{color:red}"), file("page-" + v + ".html", "<p>page " + v + "</p>")));
            assertThat(published.status()).as(published.text()).isEqualTo(201);
        }
        Accounts accounts = service.getBean(Accounts.class);
        service.getBean(CommandGateway.class).sendAndWait(new AddCollaboratorCommand(new WebsiteId(id),
                accounts.byUsername("alice").orElseThrow(), accounts.byUsername("bob").orElseThrow()));
        service.getBean(ReadModels.class).awaitWebsite(new WebsiteId(id));
        return id;
    }

    /** Every website, version, job and collaborator read, by path (bob's prefixed "bob:"), and its body. */
    private static Map<String, String> reads(Http http, List<String> websites) {
        Map<String, String> reads = new LinkedHashMap<>();
        List<String> paths = new ArrayList<>(List.of("/v1/websites", "bob:/v1/websites"));
        for (String website : websites) {
            paths.addAll(List.of("/v1/websites/" + website, "/v1/websites/" + website + "/versions",
                    "bob:/v1/websites/" + website));
            for (JsonNode version : http.get("/v1/websites/" + website + "/versions", ALICE).json().get("versions")) {
                assertThat(version.has("jobId")).as(version.toString()).isTrue();
                paths.add("/v1/jobs/" + version.get("jobId").asString());
            }
        }
        for (String path : paths) {
            Http.Response answer = read(http, path);
            assertThat(answer.status()).as(path + ": " + answer.text()).isEqualTo(200);
            reads.put(path, answer.text());
        }
        return reads;
    }

    private static Http.Response read(Http http, String path) {
        return path.startsWith("bob:") ? http.get(path.substring("bob:".length()), BOB) : http.get(path, ALICE);
    }

    private static void takeOutMigrations79And80(JdbcTemplate jdbc) {
        assertThat(jdbc.queryForObject("select count(*) from qs_version_warning", Integer.class)).isZero();
        jdbc.execute("drop table qs_version_warning");
        jdbc.execute("alter table qs_version_file drop column sha256");
        jdbc.update("delete from flyway_schema_history where version in ('2026.11.23.79', '2026.11.23.80')");
        jdbc.execute("drop table account_blob");
        jdbc.execute("drop table qs_owner_count");
        jdbc.execute("drop table qs_owner_blob");
        jdbc.execute("alter table qs_website drop column updated_sequence");
        jdbc.execute("alter table qs_website drop column retain_versions");
        jdbc.execute("alter table qs_website drop column expires_at");
        jdbc.execute("alter table qs_version drop column pruned_at");
        jdbc.execute("drop table stored_blob");
        jdbc.execute("drop table account_quota");
        jdbc.execute("drop table site_limit");
    }

    /** Every table's columns and types, and the migrations Flyway applied. */
    private static List<Object> schema(JdbcTemplate jdbc) {
        List<Map<String, Object>> columns = jdbc.queryForList("select table_name, column_name, data_type from "
                + "information_schema.columns where table_schema = 'public' order by table_name, column_name");
        assertThat(columns).anyMatch(column -> "qs_version_file".equals(column.get("table_name")));
        return List.of(columns, jdbc.queryForList(
                "select version, checksum from flyway_schema_history order by installed_rank"));
    }

    private static boolean frozen(ConfigurableApplicationContext service) {
        return service.getBean(JdbcTemplate.class).queryForObject("select count(*) from qs_read_freeze",
                Integer.class) > 0;
    }

    private static boolean frozenCopy(ConfigurableApplicationContext service) {
        return service.getBean(JdbcTemplate.class).queryForObject("select count(*) from information_schema.tables "
                + "where table_name = 'qs_frozen_website'", Integer.class) > 0;
    }

    private static void awaitAccepting(Http http, CompletableFuture<?> starting) throws InterruptedException {
        while (true) {
            try {
                http.get("/v1", null);
                return;
            } catch (RuntimeException notYet) {
                assertThat(starting.isCompletedExceptionally()).as("the upgraded service started").isFalse();
                Thread.sleep(5);
            }
        }
    }

    private static int port(ConfigurableApplicationContext service) {
        return Integer.parseInt(service.getEnvironment().getProperty("local.server.port"));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
