package io.sites.app.cache;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.PostgresAppTest;
import io.sites.app.ServiceProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The promise through a cache (issue 38 item 4): real Varnish with the xkey vmod (deploy/varnish/sites.vcl, its
 * backends replaced by two sites replicas of their own) in front; this process is the api replica, purging the
 * website's tag through Varnish after every live replica serves the new version. 200 publishes, each read through
 * Varnish right after its 201, while a steady load keeps the page in the cache: not one read may be stale.
 */
class VarnishPurgeTest extends PostgresAppTest {
    private static final int VARNISH_PORT = freePort();
    private static final int PUBLISHES = 200;

    @Autowired
    Environment environment;

    @DynamicPropertySource
    static void purger(DynamicPropertyRegistry registry) {
        registry.add("sites.cache.purger", () -> "varnish");
        registry.add("sites.cache.varnish-urls", () -> "http://127.0.0.1:" + VARNISH_PORT);
        registry.add("sites.cache.purge-timeout", () -> "10s");
    }

    @Test
    void everyPublishIsReadThroughVarnishRightAfterIts201() throws Exception {
        String slug = unique("cached");
        var created = http().post("/v1/websites", ALICE, site(slug, "Cached", file("index.html", "<p>v1</p>"),
                file("app.3f9a8b2c.js", "console.log(1);\n")));
        assertThat(created.status()).isEqualTo(201);
        String websiteId = created.json().get("websiteId").asString();

        List<ServiceProcess> replicas = new ArrayList<>();
        Process varnish = null;
        Path work = Files.createTempDirectory("sites-varnish");
        try {
            for (String name : List.of("sites-a", "sites-b")) {
                ServiceProcess replica = new ServiceProcess(Path.of(environment.getProperty("sites.data-dir")),
                        Map.of("SITES_ROLES", "sites", "HOSTNAME", name, "SITES_SITE_SERVER_REPLICA", name,
                                "SITES_SITE_HOST", "localhost", "SITES_CACHE_PURGER", "varnish",
                                "SPRING_PROFILES_ACTIVE", "postgres",
                                "SPRING_DATASOURCE_URL", environment.getProperty("spring.datasource.url"),
                                "SPRING_DATASOURCE_USERNAME", environment.getProperty("spring.datasource.username"),
                                "SPRING_DATASOURCE_HIKARI_MAXIMUM_POOL_SIZE", "4"),
                        List.of("-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"))
                        .named(name).withManagementPort().sharingData();
                replica.launch();
                replicas.add(replica);
            }
            for (ServiceProcess replica : replicas) {
                replica.awaitReady();
            }
            varnish = startVarnish(work, replicas);
            Http cache = new Http(VARNISH_PORT);
            String host = slug + ".localhost";
            awaitVarnish(cache, host, varnish, work);

            Http.Response first = cache.onHost(host, "GET", "/");
            assertThat(first.header("Surrogate-Key")).as("tags are for caches, not visitors").isNull();
            assertThat(replicas.get(0).site().onHost(host, "GET", "/").header("Surrogate-Key"))
                    .isEqualTo("site-" + websiteId + " version-" + websiteId + "-1");
            assertThat(cache.onHost(host, "GET", "/").header("X-Cache")).as("HTML is kept by the cache").isEqualTo("HIT");
            assertThat(cache.onHost(host, "GET", "/app.3f9a8b2c.js").header("Cache-Control"))
                    .isEqualTo("public, max-age=31536000, immutable");

            // A visitor's PURGE comes through the proxy, which names the client in X-Forwarded-For: refused.
            int refused = cache.onHost(host, "PURGE", "/", "X-Forwarded-For", "203.0.113.9", "xkey-purge",
                    "site-" + websiteId).status();
            String after = cache.onHost(host, "GET", "/").header("X-Cache");
            System.out.println("ADVERSARIAL varnish-purge-through-proxy: status " + refused + ", page still " + after);
            assertThat(refused).isEqualTo(403);
            assertThat(after).isEqualTo("HIT");

            AtomicBoolean loading = new AtomicBoolean(true);
            AtomicInteger reads = new AtomicInteger();
            AtomicInteger hits = new AtomicInteger();
            Thread load = Thread.ofPlatform().name("steady-load").start(() -> {
                while (loading.get()) {
                    Http.Response page = cache.onHost(host, "GET", "/");
                    reads.incrementAndGet();
                    if ("HIT".equals(page.header("X-Cache"))) {
                        hits.incrementAndGet();
                    }
                }
            });
            int stale = 0;
            try {
                for (int n = 2; n <= PUBLISHES + 1; n++) {
                    var published = http().post("/v1/websites/" + websiteId + "/versions", ALICE,
                            version(true, "v" + n, file("index.html", "<p>v" + n + "</p>"),
                                    file("app.3f9a8b2c.js", "console.log(1);\n")));
                    assertThat(published.status()).isEqualTo(201);
                    if (!cache.onHost(host, "GET", "/").text().contains("<p>v" + n + "</p>")) {
                        stale++;
                    }
                }
            } finally {
                loading.set(false);
                load.join();
            }
            System.out.println("FLEET varnish: " + PUBLISHES + " publishes read through Varnish right after their"
                    + " 201: stale " + stale + "; steady load " + reads.get() + " reads, " + hits.get() + " hits");
            assertThat(stale).isZero();
            assertThat(hits.get()).as("the cache was hot meanwhile, so a missing purge would show").isPositive();
        } finally {
            if (varnish != null) {
                varnish.destroy();
                if (!varnish.waitFor(30, TimeUnit.SECONDS)) {
                    varnish.destroyForcibly().waitFor();
                }
            }
            for (ServiceProcess replica : replicas) {
                replica.close();
            }
        }
    }

    /** varnishd in the foreground, as this test's child, with the deployed VCL in front of these replicas. */
    private static Process startVarnish(Path work, List<ServiceProcess> replicas) throws Exception {
        String vcl = Files.readString(Path.of("..", "deploy", "varnish", "sites.vcl"));
        StringBuilder backends = new StringBuilder();
        StringBuilder init = new StringBuilder("sub vcl_init {\n    new sites = directors.round_robin();\n");
        for (int i = 0; i < replicas.size(); i++) {
            backends.append("backend replica").append(i).append(" {\n    .host = \"127.0.0.1\";\n    .port = \"")
                    .append(replicas.get(i).sitePort()).append("\";\n}\n");
            init.append("    sites.add_backend(replica").append(i).append(");\n");
        }
        int begin = vcl.indexOf("# BACKENDS");
        int end = vcl.indexOf("# END BACKENDS");
        assertThat(begin).isPositive();
        vcl = vcl.substring(0, begin) + backends + init + "}\n" + vcl.substring(end);
        Path file = work.resolve("sites.vcl");
        Files.writeString(file, vcl);
        work.toFile().setExecutable(true, false);
        file.toFile().setReadable(true, false);
        String varnishd = Files.isExecutable(Path.of("/usr/sbin/varnishd")) ? "/usr/sbin/varnishd" : "varnishd";
        return new ProcessBuilder(varnishd, "-F", "-j", "none", "-n", work.resolve("instance").toString(),
                "-a", "127.0.0.1:" + VARNISH_PORT, "-T", "none", "-f", file.toString(), "-s", "malloc,64m")
                .redirectErrorStream(true).redirectOutput(work.resolve("varnish.log").toFile()).start();
    }

    private static void awaitVarnish(Http cache, String host, Process varnish, Path work) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            assertThat(varnish.isAlive()).as("varnishd: " + readLog(work)).isTrue();
            try {
                if (cache.onHost(host, "GET", "/").status() == 200) {
                    return;
                }
            } catch (RuntimeException notYet) {
                // not listening yet
            }
            assertThat(System.nanoTime()).as("varnishd answering: " + readLog(work)).isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    private static String readLog(Path work) {
        try {
            return Files.readString(work.resolve("varnish.log"));
        } catch (Exception e) {
            return e.toString();
        }
    }

    private static int freePort() {
        try {
            return ServiceProcess.freePort();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
