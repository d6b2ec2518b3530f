package io.sites.app.operations;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.ServiceProcess;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * SIGTERM on a real process while a publish is still arriving and a large site file is still being read: readiness
 * drops at once, both ports stop accepting, both requests complete (the publish with its 201, stored for the next
 * start), and the process exits on its own within the shutdown phase timeout.
 */
class GracefulShutdownTest {
    private static final Duration PHASE = Duration.ofSeconds(20);

    @Test
    void requestsUnderWayFinishWhileNewConnectionsAreRefused() throws Exception {
        Path data = Files.createTempDirectory("sites-graceful");
        Map<String, String> environment = new HashMap<>(Map.of("SITES_SHUTDOWN_TIMEOUT", PHASE.toSeconds() + "s"));
        ServiceProcess service = ServiceProcess.restartable(data, environment).withManagementPort();
        try (service) {
            service.start();
            service.awaitReady();
            byte[] big = new byte[5 << 20];
            new Random(15).nextBytes(big);
            Map<String, Object> blob = file("big.bin", Base64.getEncoder().encodeToString(big));
            blob.put("contentEncoding", "base64");
            String served = unique("served");
            assertThat(service.api().post("/v1/websites", ServiceProcess.TOKEN,
                    site(served, "Served", file("index.html", "<p>served</p>"), blob)).status()).isEqualTo(201);
            Http probes = service.management();
            assertThat(probes.get("/actuator/health/readiness", null).status()).isEqualTo(200);

            // A keep-alive connection, idle after one answer.
            Socket idle = new Socket("127.0.0.1", service.sitePort());
            idle.setSoTimeout(30_000);
            idle.getOutputStream().write(("GET / HTTP/1.1\r\nHost: " + served + ".localhost\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            String idleHead = head(idle.getInputStream());
            assertThat(idleHead).startsWith("HTTP/1.1 200").containsIgnoringCase("content-length: 13");
            assertThat(new String(idle.getInputStream().readNBytes(13), StandardCharsets.UTF_8))
                    .isEqualTo("<p>served</p>");

            // A download read slowly: a small receive window keeps most of the file in the server's hands.
            Socket download = new Socket();
            download.setReceiveBufferSize(16 * 1024);
            download.connect(new InetSocketAddress("127.0.0.1", service.sitePort()));
            download.setSoTimeout(30_000);
            download.getOutputStream().write(("GET /big.bin HTTP/1.1\r\nHost: " + served + ".localhost\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            InputStream downloaded = download.getInputStream();
            byte[] first = downloaded.readNBytes(64 * 1024);
            assertThat(new String(first, 0, 15, StandardCharsets.US_ASCII)).isEqualTo("HTTP/1.1 200 OK");

            // A publish in the servlet, reading its body, of which only half has arrived: Tomcat answers the
            // Expect header with 100 Continue when the application first reads the body.
            String slug = unique("inflight");
            byte[] body = Http.JSON.writeValueAsBytes(site(slug, "In flight", file("index.html", "<p>kept</p>")));
            Socket publish = new Socket("127.0.0.1", service.apiPort());
            publish.setSoTimeout(60_000);
            OutputStream sending = publish.getOutputStream();
            sending.write(("POST /v1/websites HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
                    + ServiceProcess.TOKEN + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length
                    + "\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            sending.flush();
            InputStream answers = publish.getInputStream();
            assertThat(head(answers)).startsWith("HTTP/1.1 100");
            sending.write(body, 0, body.length / 2);
            sending.flush();

            service.terminate();
            awaitRefused(service.sitePort());
            // The download is still under way (most of it unread): it may now be read to its end.
            CompletableFuture<byte[]> rest = CompletableFuture.supplyAsync(() -> {
                try {
                    return downloaded.readAllBytes(); // ends when the drained connection closes
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            assertThat(idle.getInputStream().read()).as("the idle connection is closed").isEqualTo(-1);
            awaitRefused(service.apiPort());
            assertThat(notReady(probes)).as("readiness drops as soon as shutdown begins").isTrue();

            sending.write(body, body.length / 2, body.length - body.length / 2);
            sending.flush();
            String answer = new String(answers.readAllBytes(), StandardCharsets.UTF_8);
            while (answer.startsWith("HTTP/1.1 100")) { // Tomcat may send a second 100 when the body is first read
                answer = answer.substring(answer.indexOf("\r\n\r\n") + 4);
            }
            assertThat(answer).as(answer).startsWith("HTTP/1.1 201");

            byte[] tail = rest.get(60, TimeUnit.SECONDS);
            byte[] whole = new byte[first.length + tail.length];
            System.arraycopy(first, 0, whole, 0, first.length);
            System.arraycopy(tail, 0, whole, first.length, tail.length);
            int headEnd = indexOf(whole, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII)) + 4;
            assertThat(new String(whole, 0, headEnd, StandardCharsets.US_ASCII)).containsIgnoringCase(
                    "content-length: " + big.length);
            assertThat(Arrays.copyOfRange(whole, headEnd, whole.length)).isEqualTo(big);
            download.close();
            publish.close();
            idle.close();

            // 143 = 128 + SIGTERM: the JVM's status after its shutdown hooks ran to the end (a kill would be 137).
            assertThat(service.awaitExit(PHASE.multipliedBy(2))).isEqualTo(143);
            assertThat(Files.readString(service.log())).contains("Graceful shutdown complete")
                    .doesNotContain("still had an answer under way");
            // Without SITES_LOG_FORMAT the lines stay Spring Boot's plain text.
            assertThat(Files.readAllLines(service.log())).anyMatch(line -> !line.startsWith("{")
                    && line.contains(" INFO ") && line.contains("Started SitesApplication"));

            service.start();
            service.awaitReady();
            Http.Response kept = service.site().onHost(slug + ".localhost", "GET", "/");
            assertThat(kept.status()).isEqualTo(200);
            assertThat(kept.text()).contains("<p>kept</p>");
        }
    }

    /** One response head, up to its blank line. */
    private static String head(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            assertThat(b).as("a response head, so far " + head).isNotNegative();
            head.append((char) b);
        }
        return head.toString();
    }

    private static void awaitRefused(int port) throws InterruptedException {
        for (int i = 0; i < 600; i++) {
            try (Socket probe = new Socket()) {
                probe.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            } catch (ConnectException refused) {
                return;
            } catch (IOException other) {
                // a timeout: try again
            }
            Thread.sleep(50);
        }
        throw new AssertionError("port " + port + " still accepts connections 30 s after SIGTERM");
    }

    /** Spring turns readiness to refusing traffic as the context starts closing; the management port drains last. */
    private static boolean notReady(Http probes) {
        return probes.get("/actuator/health/readiness", null).status() == 503;
    }

    private static int indexOf(byte[] bytes, byte[] part) {
        outer:
        for (int i = 0; i + part.length <= bytes.length; i++) {
            for (int j = 0; j < part.length; j++) {
                if (bytes[i + j] != part[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
