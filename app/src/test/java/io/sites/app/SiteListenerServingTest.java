package io.sites.app;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.site.SiteListener;
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

    @Override
    protected Http sites() {
        return new Http(listener.port());
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrderEvenBehindAStreamedFile() throws IOException {
        byte[] big = new byte[400_000];
        new Random(3).nextBytes(big);
        Map<String, Object> blob = file("big.bin", Base64.getEncoder().encodeToString(big));
        blob.put("contentEncoding", "base64");
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
        byte[] big = new byte[300_000];
        new Random(5).nextBytes(big);
        Map<String, Object> blob = file("big.bin", Base64.getEncoder().encodeToString(big));
        blob.put("contentEncoding", "base64");
        String slug = unique("disk");
        assertThat(http().post("/v1/websites", ALICE, site(slug, "Disk", file("index.html", "<p>x</p>"), blob))
                .status()).isEqualTo(201);
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

    private static String read(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        in.transferTo(out); // the server closes the connection after answering
        return out.toString(StandardCharsets.ISO_8859_1);
    }
}
