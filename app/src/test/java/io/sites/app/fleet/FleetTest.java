package io.sites.app.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.ServiceProcess;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The fleet of docker-compose.yml as real processes: two api and two sites replicas on one PostgreSQL database and
 * one S3-protocol server. First, a publish through api-1 is read at once through api-2 and from both site
 * replicas: the new version, every time. Then, under a steady load of publishes and reads, kill -9 of api-2 and
 * sites-2: every acknowledged publish is still listed by api-1 and served by sites-1, no read through a survivor
 * fails, and api-1 owns the whole read model. Prints its figures on a line starting with {@code FLEET }.
 */
class FleetTest {
    private static final int PUBLISHES = 200;
    private static final int PUBLISHERS = 2;
    private static final int READERS = 2;
    private static final long LOAD_BEFORE_KILL_MS = 8_000;
    private static final long LOAD_AFTER_KILL_MS = 20_000;
    /** How long the read model may take to move to api-1 after the kill (the read model's claim timeout is 4 s). */
    private static final long TAKEOVER_LIMIT_MS = 60_000;

    private final Ledger ledger = new Ledger();
    private final AtomicInteger reads = new AtomicInteger();
    private final AtomicInteger stale = new AtomicInteger();
    private final Map<String, AtomicInteger> staleBy = new ConcurrentSkipListMap<>();
    private final ConcurrentLinkedQueue<String> findings = new ConcurrentLinkedQueue<>();

    @Test
    void publishesAreReadEverywhereAtOnceAndSurviveKillNine() throws Exception {
        try (Fleet fleet = Fleet.start()) {
            fleet.awaitReadModelOwner(fleet.api1, fleet.api2);
            readAtOnceEverywhere(fleet);
            int staleAtOnce = stale.get();
            int readsAtOnce = reads.get();
            Failover failover = killUnderLoad(fleet);
            List<String> lost = ledger.lost(fleet.api1.api(), fleet.sites1.site());
            System.out.printf("FLEET publishes=%d acknowledged=%d reads=%d stale=%d lost=%d survivor_failures=%d "
                    + "failover_api_s=%.1f failover_publish_s=%.1f (at once: publishes=%d reads=%d stale=%d; "
                    + "under kill -9: publishes=%d reads=%d stale=%d; stale by replica %s)%n",
                    failover.publishes + PUBLISHES,
                    ledger.acknowledged(), reads.get(), stale.get(), lost.size(), failover.survivorFailures,
                    failover.takeoverSeconds, failover.firstPublishSeconds, PUBLISHES, readsAtOnce, staleAtOnce,
                    failover.publishes, reads.get() - readsAtOnce, stale.get() - staleAtOnce, staleBy);
            assertThat(findings).as("stale or failed reads, refused publishes").isEmpty();
            assertThat(stale).as("stale reads").hasValue(0);
            assertThat(lost).as("acknowledged publishes not listed or not served by the survivors").isEmpty();
            assertThat(failover.survivorFailures).as("failed requests to survivors").isZero();
            assertThat(failover.takeoverSeconds).as("api-1 took the whole read model over").isNotNegative();
        }
    }

    /**
     * Phase 1: publishes through api-1, alternately a new website and a new version of the one before; right after
     * each 201, one read through api-2 and one from each site replica, all at once, never retried.
     */
    private void readAtOnceEverywhere(Fleet fleet) throws Exception {
        Http api1 = fleet.api1.api();
        Http api2 = fleet.api2.api();
        List<Http> sites = List.of(fleet.sites1.site(), fleet.sites2.site());
        List<String> refused = new ArrayList<>();
        try (ExecutorService readers = Executors.newFixedThreadPool(3)) {
            for (int i = 0; i < PUBLISHES; i++) {
                Ledger.Website website = i % 2 == 0 ? null : ledger.newest();
                Ledger.Version published = ledger.publish(api1, website, refused);
                assertThat(published).as("publish %d acknowledged: %s", i, refused).isNotNull();
                Ledger.Website target = ledger.newest();
                List<CompletableFuture<Void>> checks = new ArrayList<>();
                checks.add(CompletableFuture.runAsync(() -> readApi("api-2", api2, target, published), readers));
                for (int s = 0; s < sites.size(); s++) {
                    String name = "sites-" + (s + 1);
                    Http site = sites.get(s);
                    checks.add(CompletableFuture.runAsync(() -> readSite(name, site, target, published), readers));
                }
                CompletableFuture.allOf(checks.toArray(CompletableFuture[]::new)).join();
            }
        }
    }

    /** getWebsite must show {@code expected} (or newer) as the current version. */
    private void readApi(String name, Http api, Ledger.Website website, Ledger.Version expected) {
        reads.incrementAndGet();
        Http.Response response = api.get("/v1/websites/" + website.id, ServiceProcess.TOKEN);
        if (response.status() != 200
                || response.json().path("currentVersion").path("version").asInt(0) < expected.number()) {
            stale(name, name + " shows " + website.id + " without v" + expected.number() + ": "
                    + response.status());
        }
    }

    /** The site's page must carry {@code expected}'s marker (or a newer one). */
    private void readSite(String name, Http sites, Ledger.Website website, Ledger.Version expected) {
        reads.incrementAndGet();
        Http.Response response = sites.site(website.slug, "/");
        if (response.status() != 200 || !ledger.atLeast(response.text(), expected)) {
            stale(name, name + " serves " + website.slug + " without v" + expected.number() + ": " + response.status()
                    + " " + Ledger.markerIn(response.text()));
        }
    }

    private void stale(String replica, String what) {
        staleBy.computeIfAbsent(replica, name -> new AtomicInteger()).incrementAndGet();
        if (stale.incrementAndGet() <= 10) {
            findings.add("stale: " + what);
        }
    }

    /** What phase 2 measured. */
    private record Failover(int publishes, int survivorFailures, double takeoverSeconds,
            double firstPublishSeconds) {
    }

    /**
     * Phase 2: publishers through both apis and readers through all four replicas; after a while kill -9 of api-2
     * and sites-2, then the same load on the survivors. Measures how long api-1 takes to own every segment of the
     * read model and how long the first publish through api-1 after the kill takes to be acknowledged.
     */
    private Failover killUnderLoad(Fleet fleet) throws Exception {
        Load load = new Load(fleet);
        List<Future<?>> workers = new ArrayList<>();
        double takeover;
        double firstPublish;
        try (ExecutorService pool = Executors.newFixedThreadPool(PUBLISHERS + READERS)) {
            for (int p = 0; p < PUBLISHERS; p++) {
                int publisher = p;
                workers.add(pool.submit(() -> load.publish(publisher)));
            }
            for (int r = 0; r < READERS; r++) {
                workers.add(pool.submit(load::read));
            }
            Thread.sleep(LOAD_BEFORE_KILL_MS);
            long killedAt = System.nanoTime();
            load.killed = true;
            fleet.api2.kill();
            fleet.sites2.kill();
            CompletableFuture<Double> owned = CompletableFuture.supplyAsync(() -> takeover(fleet, killedAt));
            // A publish through the survivor is acknowledged once the read model (and every live site) has it.
            List<String> refused = new ArrayList<>();
            Ledger.Version first = ledger.publish(fleet.api1.api(), null, refused);
            firstPublish = seconds(System.nanoTime() - killedAt);
            if (first == null) {
                findings.add("the first publish after the kill was refused: " + refused);
            }
            takeover = owned.get();
            long left = LOAD_AFTER_KILL_MS - (System.nanoTime() - killedAt) / 1_000_000;
            if (left > 0) {
                Thread.sleep(left);
            }
            load.running = false;
            for (Future<?> worker : workers) {
                worker.get();
            }
        }
        if (takeover < 0) {
            findings.add("read model still owned by " + fleet.readModelOwners() + " " + TAKEOVER_LIMIT_MS
                    + " ms after the kill; api-1 is " + fleet.api1.pid());
        }
        return new Failover(load.publishes.get() + 1, load.survivorFailures.get(), takeover, firstPublish);
    }

    /** Seconds from the kill until api-1 owns every segment of the read model; -1 if not within the limit. */
    private static double takeover(Fleet fleet, long killedAt) {
        try {
            while (System.nanoTime() - killedAt < TAKEOVER_LIMIT_MS * 1_000_000) {
                if (fleet.ownsReadModel(fleet.api1)) {
                    return seconds(System.nanoTime() - killedAt);
                }
                Thread.sleep(50);
            }
            return -1;
        } catch (Exception failed) {
            throw new IllegalStateException(failed);
        }
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }

    /** The steady load of phase 2; requests to a replica killed meanwhile are no survivor's failure. */
    private final class Load {
        private final Fleet fleet;
        volatile boolean running = true;
        volatile boolean killed;
        final AtomicInteger publishes = new AtomicInteger();
        final AtomicInteger survivorFailures = new AtomicInteger();

        Load(Fleet fleet) {
            this.fleet = fleet;
        }

        /** Publishes to websites of its own, through api-1 and api-2 in turn until api-2 is killed. */
        Void publish(int publisher) {
            List<Ledger.Website> own = new ArrayList<>();
            List<String> refused = new ArrayList<>();
            for (int n = 0; running; n++) {
                boolean throughApi2 = (n + publisher) % 2 == 1 && !killed;
                ServiceProcess api = throughApi2 ? fleet.api2 : fleet.api1;
                Ledger.Website website = own.isEmpty() || n % 4 == 0 ? null : own.get(n % own.size());
                publishes.incrementAndGet();
                try {
                    Ledger.Version published = ledger.publish(api.api(), website, refused);
                    if (published != null && website == null) {
                        own.add(ledger.newest());
                    }
                    if (published == null && survives(api)) {
                        survivorFailures.incrementAndGet();
                        findings.add("publish refused by a survivor: " + refused.getLast());
                    }
                } catch (RuntimeException failed) {
                    if (survives(api)) {
                        survivorFailures.incrementAndGet();
                        findings.add("publish through a survivor failed: " + failed);
                    }
                }
            }
            return null;
        }

        /** Reads a random acknowledged website through a random replica that is (still) alive. */
        Void read() {
            while (running) {
                Ledger.Website website = ledger.any();
                Ledger.Version expected = website.latest();
                boolean before = !killed;
                int pick = ThreadLocalRandom.current().nextInt(before ? 4 : 2);
                ServiceProcess replica = switch (pick) {
                    case 0 -> fleet.api1;
                    case 1 -> fleet.sites1;
                    case 2 -> fleet.api2;
                    default -> fleet.sites2;
                };
                String name = switch (pick) {
                    case 0 -> "api-1";
                    case 1 -> "sites-1";
                    case 2 -> "api-2";
                    default -> "sites-2";
                };
                try {
                    if (pick % 2 == 0) {
                        readApi(name, replica.api(), website, expected);
                    } else {
                        readSite(name, replica.site(), website, expected);
                    }
                } catch (RuntimeException failed) {
                    if (survives(replica)) {
                        survivorFailures.incrementAndGet();
                        findings.add("read through " + name + " failed: " + failed);
                    }
                }
            }
            return null;
        }

        /** A replica the test does not kill: any request to it must succeed. */
        private boolean survives(ServiceProcess replica) {
            return replica == fleet.api1 || replica == fleet.sites1;
        }
    }
}
