package io.sites.app.adversarial;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.PostgresTestDatabase;
import io.sites.app.ServiceProcess;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * kill -9 under publish load, right after a 201, then a start on the same data: every acknowledged version must
 * still be listed and served byte-exact, and no number may be handed out twice. On the embedded H2 default as on
 * PostgreSQL; a 201 means stored on disk on both.
 */
class KillNineTest {
    private static final int KILLS = 2;
    private static final int CLIENTS = 3;

    @Test
    void nothingAcknowledgedIsLostOnH2() throws Exception {
        survive("h2", Map.of());
    }

    @Test
    void nothingAcknowledgedIsLostOnPostgres() throws Exception {
        survive("postgres", PostgresTestDatabase.processEnvironment(PostgresTestDatabase.create()));
    }

    private static void survive(String name, Map<String, String> database) throws Exception {
        // Every acknowledged version is read at its own host: durability is checked here, preview grants elsewhere.
        Map<String, String> environment = new java.util.HashMap<>(database);
        environment.put("SITES_PREVIEWS", "public");
        ServiceProcess service = ServiceProcess.restartable(Files.createTempDirectory("sites-kill9-" + name),
                environment);
        Acknowledged acknowledged = new Acknowledged();
        List<String> shutdownProblems;
        service.start();
        try {
            for (int kill = 0; kill < KILLS; kill++) {
                loadUntilKilled(service, acknowledged, name);
                service.start();
                acknowledged.verify(service);
            }
            int before = service.logLines();
            service.stop();
            shutdownProblems = service.problems(before);
        } finally {
            service.stop();
        }
        System.out.printf("ADVERSARIAL kill9 %s: kills=%d publishes=%d acknowledged=%d lost=%d reused=%d 5xx=%d "
                + "shutdown-errors=%d%n", name, KILLS, acknowledged.publishes.get(), acknowledged.count(),
                acknowledged.lost.get(), acknowledged.reused.get(), acknowledged.serverErrors.get(),
                shutdownProblems.size());
        assertThat(acknowledged.findings).as("lost or reused; logs in " + service.data()).isEmpty();
        assertThat(acknowledged.lost).as("acknowledged versions lost").hasValue(0);
        assertThat(acknowledged.reused).as("version numbers handed out twice").hasValue(0);
        assertThat(acknowledged.serverErrors).as("5xx answers").hasValue(0);
        assertThat(shutdownProblems).as("ERROR or WARN during the graceful stop").isEmpty();
    }

    /**
     * A few clients publish, each to a website of its own; the one that gets the round's chosen 201 kills the
     * service at once, while the others' publishes are in flight.
     */
    private static void loadUntilKilled(ServiceProcess service, Acknowledged acknowledged, String name)
            throws Exception {
        int killAt = acknowledged.count() + CLIENTS + ThreadLocalRandom.current().nextInt(10, 40);
        AtomicBoolean killed = new AtomicBoolean();
        Http api = service.api();
        List<Future<?>> clients = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(CLIENTS)) {
            for (int client = 0; client < CLIENTS; client++) {
                clients.add(pool.submit(() -> {
                    Acknowledged.Website website = null;
                    int refused = 0;
                    while (!killed.get()) {
                        boolean created = website == null
                                && (website = acknowledged.create(api, "k9-" + name)) != null;
                        boolean published = created || website != null && acknowledged.publish(api, website) > 0;
                        if (published && acknowledged.count() >= killAt && killed.compareAndSet(false, true)) {
                            service.kill();
                        }
                        if (!published && !killed.get() && (!service.alive() || ++refused > 20)) {
                            throw new AssertionError("publishes fail unkilled; log in " + service.log());
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> client : clients) {
                client.get();
            }
        }
    }
}
