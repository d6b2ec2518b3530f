package io.sites.app.adversarial;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Bundles;
import io.sites.app.Http;
import io.sites.app.ServiceProcess;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * A tenant's {@code _redirects} of the most rules allowed, chained so that a naive loop check follows every chain:
 * publishing it, dry-running it and its first request on a replica must not stall anyone. The figures are printed,
 * not asserted (bench/rules measures them); asserted are the structural facts: the rules are compiled on a thread
 * that may block, never on one of the site port's event loops, and every other site's request is answered meanwhile.
 */
class SiteRulesStallTest {
    private static final int RULES = 1_000;
    /** The DEBUG line the site server writes for each compile, with the thread it ran on. */
    private static final String COMPILED = "Site rules compiled";

    @Test
    void aThousandChainedRulesStallNoOne() throws Exception {
        try (ServiceProcess service = new ServiceProcess(Files.createTempDirectory("sites-rules-stall"), Map.of(
                "SITES_SITE_HOST", "localhost", "SITES_PUBLISHES_PER_MINUTE", "1000000",
                "SITES_DRY_RUNS_PER_MINUTE", "1000000"),
                List.of("-Xmx512m", "-Dlogging.level.io.sites.site.serving.SiteRules=DEBUG"))) {
            service.start();
            Http api = service.api();
            Http sitePort = service.site();
            String rules = chain(RULES);
            // The other site serves a file with the bytes of the rules: once served, the blob is in memory, so the
            // rules site's first request finds everything it needs there and could be answered on the event loop.
            String calm = Bundles.unique("calm");
            assertThat(api.post("/v1/websites", ServiceProcess.TOKEN, site(calm, "Calm",
                    file("index.html", "<!doctype html><title>Calm</title><p>calm</p>"),
                    file("rules.txt", rules))).status()).isEqualTo(201);
            assertThat(sitePort.site(calm, "/rules.txt").text()).isEqualTo(rules);
            for (int i = 0; i < 20; i++) {
                assertThat(sitePort.site(calm, "/").status()).isEqualTo(200);
            }

            String busy = Bundles.unique("rules");
            Map<String, Object> bundle = site(busy, "Rules", file("index.html",
                    "<!doctype html><title>Rules</title><p>rules</p>"), file("_redirects", rules));
            long started = System.nanoTime();
            Http.Response dryRun = api.post("/v1/websites?dryRun=true", ServiceProcess.TOKEN, bundle);
            long dryRunMs = millisSince(started);
            assertThat(dryRun.status()).as(dryRun.text()).isEqualTo(200);
            assertThat(dryRun.json().get("valid").asBoolean()).as(dryRun.text()).isTrue();
            started = System.nanoTime();
            Http.Response published = api.post("/v1/websites", ServiceProcess.TOKEN, bundle);
            long publishMs = millisSince(started);
            assertThat(published.status()).as(published.text()).isEqualTo(201);

            // Another tenant's visitor keeps asking while the rules site's first request is prepared.
            AtomicBoolean firstAnswered = new AtomicBoolean();
            List<Long> otherMs = Collections.synchronizedList(new ArrayList<>());
            List<Integer> otherStatuses = Collections.synchronizedList(new ArrayList<>());
            long firstMs;
            Http.Response first;
            try (ExecutorService visitor = Executors.newSingleThreadExecutor()) {
                Future<?> asking = visitor.submit(() -> {
                    int after = 0;
                    while (after < 20) {
                        long sent = System.nanoTime();
                        otherStatuses.add(sitePort.site(calm, "/").status());
                        otherMs.add(millisSince(sent));
                        after += firstAnswered.get() ? 1 : 0;
                    }
                });
                Thread.sleep(50);
                started = System.nanoTime();
                first = sitePort.site(busy, "/b0/anything");
                firstMs = millisSince(started);
                firstAnswered.set(true);
                asking.get();
            }
            assertThat(first.status()).isEqualTo(302);
            assertThat(first.header("Location")).isEqualTo("/b1/x");

            List<String> compiles = Files.readAllLines(service.log()).stream()
                    .filter(line -> line.contains(COMPILED)).toList();
            long otherMax = otherMs.stream().mapToLong(Long::longValue).max().orElse(-1);
            System.out.printf("ADVERSARIAL site-rules: rules=%d publish_ms=%d dryrun_ms=%d first_request_ms=%d "
                            + "other_site_requests=%d other_site_p_max_ms=%d compiles=%d%n", RULES, publishMs,
                    dryRunMs, firstMs, otherMs.size(), otherMax, compiles.size());
            assertThat(otherStatuses).as("the other site's answers meanwhile").isNotEmpty().containsOnly(200);
            assertThat(compiles).as("the rules site's first request compiled its rules (log " + service.log() + ")")
                    .isNotEmpty();
            assertThat(compiles).as("rules compiled on a site port event loop").noneMatch(line -> line
                    .toLowerCase(Locale.ROOT).contains("eventloop"));
            assertThat(compiles).as("compiled once").hasSize(1);
        }
    }

    /** {@code /b0/* /b1/x 302}, {@code /b1/* /b2/x 302}, ...: no loop, but every rule leads to the next. */
    static String chain(int rules) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < rules; i++) {
            text.append("/b").append(i).append("/* /b").append(i + 1).append("/x 302\n");
        }
        return text.toString();
    }

    private static long millisSince(long nanos) {
        return (System.nanoTime() - nanos) / 1_000_000;
    }
}
