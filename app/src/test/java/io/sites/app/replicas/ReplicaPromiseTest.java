package io.sites.app.replicas;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.sites.app.Http;
import io.sites.app.PostgresAppTest;
import io.sites.app.ServiceProcess;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The promise of a 201 across processes on one PostgreSQL: a second replica (the real service in its own JVM, on
 * the same database and blob directory) serves every new version on the first request after the 201, and this
 * process's reads show it although the second owns some of the read model's segments. Killed with -9, the second
 * holds publishes up only until its heartbeat is too old and its segments are taken over, never until the timeout.
 */
class ReplicaPromiseTest extends PostgresAppTest {
    @Autowired
    Environment environment;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    MeterRegistry registry;

    @Test
    void everyLiveReplicaServesAVersionWhenItsPublishAnswersAndADeadOneIsNotWaitedFor() throws Exception {
        ServiceProcess second = ServiceProcess.beside(environment, Map.of());
        second.start();
        try {
            awaitSegmentsShared();
            String slug = unique("promise");
            Http.Response created = http().post("/v1/websites", ALICE, site(slug, "Promise",
                    file("index.html", "<p>version 1</p>")));
            assertThat(created.status()).isEqualTo(201);
            assertThat(second.site().site(slug, "/").text()).contains("version 1");
            String id = created.json().get("websiteId").asString();
            for (int n = 2; n <= 31; n++) {
                Http.Response published = http().post("/v1/websites/" + id + "/versions", ALICE,
                        version(true, null, file("index.html", "<p>version " + n + "</p>")));
                assertThat(published.status()).isEqualTo(201);
                // The first request after the 201, no retry: the other replica already serves it.
                assertThat(second.site().site(slug, "/").text()).as("replica after publish %d", n)
                        .contains("version " + n + "<");
                assertThat(http().get("/v1/websites/" + id, ALICE).json().get("currentVersionId").asString())
                        .as("read model after publish %d", n).isEqualTo(published.json().get("jobId").asString());
            }
            assertThat(count("timeout")).isZero();

            second.kill();
            long killed = System.nanoTime();
            for (int n = 32; n <= 35; n++) {
                Http.Response published = http().post("/v1/websites/" + id + "/versions", ALICE,
                        version(true, null, file("index.html", "<p>version " + n + "</p>")));
                assertThat(published.status()).isEqualTo(201);
                assertThat(http().site(slug, "/").text()).contains("version " + n + "<");
            }
            long published = System.nanoTime();
            // A publish after the kill waits for the website's read-model segment to be taken over if the dead
            // replica held it, and for the dead site replica's heartbeat to grow old (whichever is later decides
            // whether it counts as "departed"), but never for the whole read-your-writes timeout.
            assertThat(count("timeout")).as("never waited out the timeout").isZero();
            awaitSegmentsOwnedBy(1);
            System.out.printf("After kill -9: 4 publishes in %d ms, segments taken over within %d ms,"
                    + " replica waits departed=%d reached=%d%n", (published - killed) / 1_000_000,
                    (System.nanoTime() - killed) / 1_000_000, count("departed"), count("reached"));
        } finally {
            second.stop();
        }
    }

    private long count(String outcome) {
        Timer timer = registry.find("sites.replica.wait").tag("outcome", outcome).timer();
        return timer == null ? 0 : timer.count();
    }

    /**
     * Both processes own read-model segments: the balancer hands the newcomer its share. The claims carry the
     * replicas' names (their rows in {@code replica}), not the JVMs' pid@host, which two contexts in one JVM share.
     */
    private void awaitSegmentsShared() throws InterruptedException {
        awaitSegmentsOwnedBy(2);
        assertThat(Set.copyOf(jdbc.queryForList("select owner from tokenentry where processorname = 'read-model'",
                String.class))).as("claims under the API replicas' names").isEqualTo(Set.copyOf(
                jdbc.queryForList("select instance from replica where role = 'api'", String.class)));
    }

    private void awaitSegmentsOwnedBy(int owners) throws InterruptedException {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 600; i++) {
            seen = new HashSet<>(jdbc.queryForList("select owner from tokenentry where processorname = 'read-model'",
                    String.class));
            if (!seen.contains(null) && seen.size() == owners) {
                return;
            }
            Thread.sleep(100);
        }
        assertThat(seen).as("owners of the read model's segments").hasSize(owners).doesNotContainNull();
    }
}
