package io.sites.app.serving;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.site.transport.SiteListener;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/**
 * Adversarial: 200 connections to each port that send nothing, or half a request head and then a byte now and
 * then, while ordinary requests go on. With a header timeout of 1 s, the server closes every one of them (bounded
 * at 30 s, no latency is asserted) and every ordinary request is answered.
 */
@TestPropertySource(properties = {"sites.site-server.port=0", "sites.site-server.address=127.0.0.1",
        "sites.site-server.header-timeout=1s", "server.tomcat.connection-timeout=1s"})
class SlowConnectionsTest extends EmbeddedAppTest {
    private static final int CONNECTIONS = 200;
    private static final long BOUND_MILLIS = 30_000;

    @Autowired
    SiteListener listener;
    /** The API's port (EmbeddedAppTest's own field is its package's). */
    @LocalServerPort
    int port;

    @Test
    void connectionsThatNeverFinishAHeadAreClosedWhileOthersAreServed() throws Exception {
        String slug = unique("slow");
        assertThat(http().post("/v1/websites", ALICE, site(slug, "Slow", file("index.html", "<p>fast</p>")))
                .status()).isEqualTo(201);
        // The site port's deadline is for the whole head, however often bytes come; Tomcat's is per read, so on
        // the API's port the trickle pauses longer than its timeout.
        siege("site", listener.port(), 250, slug);
        siege("api", port, 1_500, slug);
    }

    private void siege(String name, int target, long trickleMillis, String slug) throws Exception {
        AtomicInteger opened = new AtomicInteger();
        AtomicInteger closedByServer = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(CONNECTIONS);
        List<Socket> sockets = new ArrayList<>();
        // Closing the sockets ends their threads, so the executor's close never waits on a connection left open.
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor(); Sockets open = () -> {
            for (Socket socket : sockets) {
                socket.close();
            }
        }) {
            for (int i = 0; i < CONNECTIONS; i++) {
                Socket socket = new Socket("127.0.0.1", target);
                sockets.add(socket);
                opened.incrementAndGet();
                boolean trickle = i % 2 == 1;
                threads.execute(() -> awaitClose(socket, closedByServer, done));
                if (trickle) {
                    threads.execute(() -> trickle(socket, slug, trickleMillis));
                }
            }
            int normal = 0;
            int failures = 0;
            Http ordinary = new Http(target);
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BOUND_MILLIS);
            while (done.getCount() > 0 && System.nanoTime() < deadline) {
                Http.Response page = ordinary.onHost(slug + ".localhost", "GET", "/");
                normal++;
                if (page.status() != 200 || !page.text().contains("fast")) {
                    failures++;
                }
                Thread.sleep(20);
            }
            done.await(1, TimeUnit.SECONDS);
            System.out.println("ADVERSARIAL slow-connections: port=" + name + " opened=" + opened.get()
                    + " closed-by-server=" + closedByServer.get() + " normal-requests=" + normal
                    + " failures=" + failures);
            assertThat(closedByServer.get()).as(name + ": closed by the server within 30 s").isEqualTo(CONNECTIONS);
            assertThat(failures).isZero();
            assertThat(normal).isPositive();
        }
    }

    private interface Sockets extends AutoCloseable {
        @Override
        void close() throws IOException;
    }

    /** Counts the connection once the server ends it: end of stream, or a reset. */
    private static void awaitClose(Socket socket, AtomicInteger closedByServer, CountDownLatch done) {
        try {
            socket.setSoTimeout((int) BOUND_MILLIS);
            InputStream in = socket.getInputStream();
            while (in.read() >= 0) {
                // a 408 or 400 before the close is fine: only the close counts
            }
            closedByServer.incrementAndGet();
        } catch (java.net.SocketTimeoutException stillOpen) {
            // not closed within the bound: counted as not closed
        } catch (IOException reset) {
            if (!socket.isClosed()) {
                closedByServer.incrementAndGet();
            }
        } finally {
            done.countDown();
        }
    }

    /** Half a head, then one byte of a header that never ends, until the server cuts the connection. */
    private static void trickle(Socket socket, String slug, long everyMillis) {
        try {
            OutputStream out = socket.getOutputStream();
            String head = "GET / HTTP/1.1\r\nHost: " + slug + ".localhost\r\nX-Slow: ";
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            while (!socket.isClosed()) {
                Thread.sleep(everyMillis);
                out.write('a');
                out.flush();
            }
        } catch (IOException | InterruptedException closed) {
            // the server ended it (or the test did)
        }
    }
}
