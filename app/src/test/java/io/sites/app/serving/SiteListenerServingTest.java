package io.sites.app.serving;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.netty.channel.epoll.Epoll;
import io.sites.app.Http;
import io.sites.site.serving.SiteTraffic;
import io.sites.site.transport.SiteListener;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

/**
 * Every serving rule again, on the site server's own Netty port (the fast path) instead of the API's; its cache
 * is small, so the large-file tests send the blob's own file (sendfile, the embedded store keeps blobs on disk).
 * Plus what only a hand-held socket shows.
 */
@TestPropertySource(properties = {"sites.site-server.port=0", "sites.site-server.address=127.0.0.1",
        "sites.site-server.io-threads=1", "sites.site-server.cache-bytes=1048576"})
class SiteListenerServingTest extends SiteServingTest {
    @Autowired
    SiteListener listener;
    @Autowired
    SiteTraffic traffic;

    @Override
    protected Http sites() {
        return new Http(listener.port());
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrderEvenBehindAStreamedFile() throws IOException {
        byte[] big = random(400_000, 3);
        Map<String, Object> blob = binary("big.bin", big);
        String slug = unique("pipe");
        assertThat(http().post("/v1/websites", ALICE, site(slug, "Pipe", file("index.html", "<p>first</p>"),
                file("b.html", "<p>second</p>"), blob)).status()).isEqualTo(201);
        String host = "Host: " + slug + ".localhost\r\n";
        String requests = "GET /big.bin HTTP/1.1\r\n" + host + "\r\n" + "GET / HTTP/1.1\r\n" + host + "\r\n"
                + "GET /b HTTP/1.1\r\n" + host + "Connection: close\r\n\r\n";
        try (Socket socket = new Socket("127.0.0.1", listener.port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(requests.getBytes(StandardCharsets.US_ASCII));
            byte[] all = socket.getInputStream().readAllBytes(); // ends because the last request closes
            String text = new String(all, StandardCharsets.ISO_8859_1);
            int first = text.indexOf("HTTP/1.1 200");
            int second = text.indexOf("HTTP/1.1 200", first + 1 + big.length);
            int third = text.indexOf("HTTP/1.1 200", second + 1);
            assertThat(first).isZero();
            assertThat(second).as("the page follows the whole streamed file").isGreaterThan(big.length);
            assertThat(text.substring(second, third)).contains("<p>first</p>");
            assertThat(text.substring(third)).contains("<p>second</p>").containsIgnoringCase("connection: close");
        }
    }

    @Test
    void aFileTooLargeForTheCacheIsSentFromItsBlobFileOnBothPorts() {
        byte[] big = random(300_000, 5);
        String slug = unique("disk");
        assertThat(http().post("/v1/websites", ALICE, site(slug, "Disk", file("index.html", "<p>x</p>"),
                binary("big.bin", big))).status()).isEqualTo(201);
        for (Http port : new Http[] {sites(), http()}) {
            for (int round = 0; round < 2; round++) {
                Http.Response whole = port.onHost(slug + ".localhost", "GET", "/big.bin");
                assertThat(whole.raw().body()).isEqualTo(big);
                Http.Response tail = port.onHost(slug + ".localhost", "GET", "/big.bin", "Range", "bytes=-1000");
                assertThat(tail.status()).isEqualTo(206);
                assertThat(tail.raw().body()).isEqualTo(java.util.Arrays.copyOfRange(big, 299_000, 300_000));
                Http.Response head = port.onHost(slug + ".localhost", "HEAD", "/big.bin");
                assertThat(head.header("Content-Length")).isEqualTo("300000");
                assertThat(head.raw().body()).isEmpty();
            }
        }
    }

    @Test
    void aCacheableFileAboveTheSendfileSizeGoesFromItsBlobFileOnTheSitePortAndFromMemoryOnTheApiPort() {
        assumeThat(Epoll.isAvailable()).as("the cork that makes sendfile pay is epoll's").isTrue();
        byte[] photo = random(100_000, 7); // cacheable (the cache of 1 MiB holds up to 128 KiB), above 32 KiB
        String slug = unique("corked");
        assertThat(http().post("/v1/websites", ALICE, site(slug, "Corked", file("index.html", "<p>x</p>"),
                binary("photo.png", photo))).status()).isEqualTo(201);
        long hits = traffic.cacheHits();
        long misses = traffic.cacheMisses();
        for (int round = 0; round < 3; round++) {
            assertThat(sites().onHost(slug + ".localhost", "GET", "/photo.png").raw().body()).isEqualTo(photo);
            Http.Response middle = sites().onHost(slug + ".localhost", "GET", "/photo.png", "Range",
                    "bytes=1000-1999");
            assertThat(middle.status()).isEqualTo(206);
            assertThat(middle.raw().body()).isEqualTo(java.util.Arrays.copyOfRange(photo, 1000, 2000));
        }
        assertThat(traffic.cacheMisses()).as("never loaded into memory").isEqualTo(misses);
        assertThat(traffic.cacheHits()).as("never looked up in memory").isEqualTo(hits);
        assertThat(http().onHost(slug + ".localhost", "GET", "/photo.png").raw().body()).isEqualTo(photo);
        assertThat(traffic.cacheMisses()).as("the API's port copies from memory").isEqualTo(misses + 1);
    }

    @Test
    void malformedRequestsGet400AndHttp10IsClosedAfterItsAnswer() throws IOException {
        try (Socket socket = new Socket("127.0.0.1", listener.port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write("NOT A REQUEST\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            assertThat(read(socket.getInputStream())).startsWith("HTTP/1.1 400");
        }
        try (Socket socket = new Socket("127.0.0.1", listener.port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write("GET / HTTP/1.0\r\nHost: nothing.localhost\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            assertThat(read(socket.getInputStream())).startsWith("HTTP/1.1 404").contains("Not found");
        }
    }

    private static byte[] random(int size, long seed) {
        byte[] bytes = new byte[size];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    private static Map<String, Object> binary(String path, byte[] bytes) {
        Map<String, Object> file = file(path, Base64.getEncoder().encodeToString(bytes));
        file.put("contentEncoding", "base64");
        return file;
    }

    private static String read(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        in.transferTo(out); // the server closes the connection after answering
        return out.toString(StandardCharsets.ISO_8859_1);
    }
}
