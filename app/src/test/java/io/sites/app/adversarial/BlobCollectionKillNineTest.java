package io.sites.app.adversarial;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.PostgresTestDatabase;
import io.sites.app.ServiceProcess;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * kill -9 while the blob collector sweeps under concurrent publishes (issue 36, item 4), then a start on the same
 * data with the collector still running: every acknowledged website that was not deleted is served byte for byte.
 * The collector runs every 50 ms with no grace at all, and half of the websites are deleted at once, so the blobs
 * they share with other publishes (a small pool of stylesheets) are swept while those publishes reference them: the
 * worst case for the protocol of "The life of a blob".
 */
class BlobCollectionKillNineTest {
    private static final int CLIENTS = 3;
    private static final int KILLS = 2;
    private static final int POOL = 6;

    @Test
    void noAcknowledgedByteIsLostOnH2() throws Exception {
        survive("h2", Map.of());
    }

    @Test
    void noAcknowledgedByteIsLostOnPostgres() throws Exception {
        survive("postgres", PostgresTestDatabase.processEnvironment(PostgresTestDatabase.create()));
    }

    private record Website(String slug, Map<String, String> files) {
    }

    private static void survive(String name, Map<String, String> database) throws Exception {
        Map<String, String> environment = new HashMap<>(database);
        environment.put("SITES_BLOB_COLLECTION_EVERY", "50ms");
        environment.put("SITES_BLOB_COLLECTION_GRACE", "0s");
        // The killed collector's lease lapses at once, so the restarted service collects while it is verified.
        environment.put("SITES_BLOB_COLLECTION_LEASE", "1s");
        ServiceProcess service = ServiceProcess.restartable(Files.createTempDirectory("sites-gc-kill9-" + name),
                environment);
        Map<String, Website> acknowledged = new ConcurrentHashMap<>();
        AtomicInteger deleted = new AtomicInteger();
        AtomicInteger serverErrors = new AtomicInteger();
        int lost = 0;
        int restartsThatCollected = 0;
        service.start();
        try {
            for (int kill = 0; kill < KILLS; kill++) {
                loadUntilKilled(service, acknowledged, deleted, serverErrors, name);
                service.start();
                Thread.sleep(3000); // the lease lapses, then a few rounds of the collector on the restarted service
                lost += verify(service, acknowledged);
                if (Files.readString(service.log()).contains("Blob collection:")) {
                    restartsThatCollected++;
                }
            }
        } finally {
            service.stop();
        }
        System.out.printf("ADVERSARIAL gc-kill9 %s: kills=%d acknowledged=%d deleted=%d lost=%d 5xx=%d"
                + " restarts-that-collected=%d%n", name, KILLS, acknowledged.size(), deleted.get(), lost,
                serverErrors.get(), restartsThatCollected);
        assertThat(acknowledged).hasSizeGreaterThan(10);
        assertThat(deleted.get()).as("garbage to collect").isGreaterThan(5);
        assertThat(lost).as("acknowledged files lost; logs in " + service.data()).isZero();
        assertThat(restartsThatCollected).as("the collector ran after a restart (its lease lapsed)").isPositive();
    }

    private static void loadUntilKilled(ServiceProcess service, Map<String, Website> acknowledged,
            AtomicInteger deleted, AtomicInteger serverErrors, String name) throws Exception {
        int killAt = acknowledged.size() + deleted.get() + ThreadLocalRandom.current().nextInt(20, 50);
        AtomicBoolean killed = new AtomicBoolean();
        Http api = service.api();
        List<Future<?>> clients = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(CLIENTS)) {
            for (int client = 0; client < CLIENTS; client++) {
                clients.add(pool.submit(() -> {
                    ThreadLocalRandom random = ThreadLocalRandom.current();
                    while (!killed.get()) {
                        Map<String, String> files = Map.of("index.html", "<!doctype html><title>gc</title><p>"
                                + System.nanoTime() + "</p>", "shared.css", "p{margin:" + random.nextInt(POOL)
                                + "px}", "data.txt", "data " + random.nextLong());
                        Http.Response created;
                        try {
                            created = api.post("/v1/websites", ServiceProcess.TOKEN, site(null, "gc-" + name,
                                    files.entrySet().stream().map(f -> file(f.getKey(), f.getValue()))
                                            .toArray(Map[]::new)));
                        } catch (RuntimeException refused) {
                            continue; // killed while in flight: not acknowledged
                        }
                        if (created.status() >= 500) {
                            serverErrors.incrementAndGet();
                        }
                        if (created.status() != 201) {
                            continue;
                        }
                        String id = created.json().get("websiteId").asString();
                        if (random.nextBoolean()) {
                            try {
                                if (api.send("DELETE", "/v1/websites/" + id, ServiceProcess.TOKEN, null, null)
                                        .status() == 204) {
                                    deleted.incrementAndGet();
                                } else {
                                    acknowledged.put(id, new Website(created.json().get("slug").asString(), files));
                                }
                            } catch (RuntimeException refused) {
                                // killed meanwhile: maybe deleted, so not checked
                            }
                        } else {
                            acknowledged.put(id, new Website(created.json().get("slug").asString(), files));
                        }
                        if (acknowledged.size() + deleted.get() >= killAt && killed.compareAndSet(false, true)) {
                            service.kill();
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

    private static int verify(ServiceProcess service, Map<String, Website> acknowledged) {
        int lost = 0;
        for (Website website : acknowledged.values()) {
            for (Map.Entry<String, String> file : website.files().entrySet()) {
                Http.Response served = service.site().onHost(website.slug() + ".localhost", "GET",
                        "/" + file.getKey());
                if (served.status() != 200 || !served.text().equals(file.getValue())) {
                    System.out.printf("LOST %s/%s: %d%n", website.slug(), file.getKey(), served.status());
                    lost++;
                }
            }
        }
        return lost;
    }
}
