package io.sites.replica.purge;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Fastly, Cloudflare and Varnish purgers against a fake of each API on loopback (the real ones cannot be reached
 * from here): the request's method, path, auth header and body, a refusal, and a cache that does not answer in time.
 */
class CachePurgeTest {
    private static final String TAG = "site-0b7e2c1e-4a4f-4e55-9a0e-1f1b2c3d4e5f";

    record Seen(String method, String path, String fastlyKey, String authorization, String xkey, String body) {
    }

    private HttpServer fake;
    private final ConcurrentLinkedQueue<Seen> seen = new ConcurrentLinkedQueue<>();
    private volatile int status = 200;
    private volatile String answer = "{\"status\":\"ok\"}";
    private final CountDownLatch released = new CountDownLatch(1);
    private volatile boolean hang;
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    @BeforeEach
    void start() throws IOException {
        fake = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        fake.setExecutor(Executors.newCachedThreadPool());
        fake.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            var headers = exchange.getRequestHeaders();
            seen.add(new Seen(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath(),
                    headers.getFirst("Fastly-Key"), headers.getFirst("Authorization"), headers.getFirst("xkey-purge"),
                    body));
            if (hang) {
                try {
                    released.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        fake.start();
    }

    @AfterEach
    void stop() {
        released.countDown();
        fake.stop(0);
    }

    private String base() {
        return "http://127.0.0.1:" + fake.getAddress().getPort();
    }

    private CachePurge purge(String purger, Duration timeout) {
        return CachePurge.of(new PurgeSettings(purger, timeout, List.of(URI.create(base())), base(), "secret-token",
                "svc123", "zone456"), registry);
    }

    private double count(String purger, String outcome) {
        var timer = registry.find(CachePurge.NAME).tag("purger", purger).tag("outcome", outcome).timer();
        return timer == null ? 0 : timer.count();
    }

    @Test
    void fastlyPurgesTheTagWithItsKey() {
        assertThat(purge("fastly", Duration.ofSeconds(5)).purge(TAG)).isTrue();
        assertThat(seen).containsExactly(new Seen("POST", "/service/svc123/purge/" + TAG, "secret-token", null,
                null, ""));
        assertThat(count("fastly", "purged")).isEqualTo(1);
    }

    @Test
    void cloudflarePurgesTheTagWithABearerAndReadsSuccess() {
        answer = "{\"success\": true, \"errors\": [], \"result\": {\"id\": \"zone456\"}}";
        assertThat(purge("cloudflare", Duration.ofSeconds(5)).purge(TAG)).isTrue();
        assertThat(seen).containsExactly(new Seen("POST", "/client/v4/zones/zone456/purge_cache", null,
                "Bearer secret-token", null, "{\"tags\":[\"" + TAG + "\"]}"));
        answer = "{\"success\": false, \"errors\": [{\"code\": 1134, \"message\": \"no tags\"}]}";
        assertThat(purge("cloudflare", Duration.ofSeconds(5)).purge(TAG)).isFalse();
        assertThat(count("cloudflare", "failed")).isEqualTo(1);
    }

    @Test
    void varnishGetsAPurgeNamingTheKey() {
        assertThat(purge("varnish", Duration.ofSeconds(5)).purge(TAG)).isTrue();
        assertThat(seen).containsExactly(new Seen("PURGE", "/", null, null, TAG, ""));
    }

    @Test
    void aRefusalIsCountedAsFailedAndAnsweredAnyway() {
        status = 403;
        assertThat(purge("fastly", Duration.ofSeconds(5)).purge(TAG)).isFalse();
        assertThat(count("fastly", "failed")).isEqualTo(1);
    }

    @Test
    void aCacheThatDoesNotAnswerRunsOutTheTimeout() {
        hang = true;
        assertThat(purge("cloudflare", Duration.ofMillis(300)).purge(TAG)).isFalse();
        assertThat(count("cloudflare", "timeout")).isEqualTo(1);
        assertThat(count("cloudflare", "purged")).isZero();
    }

    @Test
    void noneTouchesNothing() {
        assertThat(purge("none", Duration.ofSeconds(1)).purge(TAG)).isTrue();
        assertThat(seen).isEmpty();
        assertThat(registry.getMeters()).isEmpty();
    }
}
