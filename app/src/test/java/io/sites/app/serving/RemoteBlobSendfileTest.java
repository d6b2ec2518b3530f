package io.sites.app.serving;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.ServiceProcess;
import io.sites.blob.S3ProxyServer;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Large files from a remote store (S3, as in a fleet) go out on the site port from a local copy with sendfile (issue
 * 38 item 5): byte for byte, ranges and conditional requests as before, and to a reader slower than the server.
 */
class RemoteBlobSendfileTest {

    @Test
    void aLargeRemoteFileIsSentFromItsLocalCopyByteForByte() throws Exception {
        byte[] big = new byte[3 * 1024 * 1024];
        new Random(38).nextBytes(big);
        try (S3ProxyServer s3 = new S3ProxyServer().start()) {
            Path data = Files.createTempDirectory("sites-remote-sendfile");
            Map<String, String> environment = new HashMap<>(Map.of("SITES_SITE_HOST", "localhost",
                    "SITES_BLOB_STORE", "s3", "SITES_S3_BUCKET", "remote", "SITES_S3_ENDPOINT", s3.endpoint().toString(),
                    "SITES_S3_REGION", s3.region(), "SITES_S3_PATH_STYLE", "true", "SITES_S3_ACCESS_KEY", s3.identity(),
                    "SITES_S3_SECRET_KEY", s3.credential(), "SITES_S3_CREATE_BUCKET", "true"));
            try (ServiceProcess service = new ServiceProcess(data, environment,
                    List.of("-Xmx256m", "-XX:TieredStopAtLevel=1"))) {
                service.start();
                String slug = unique("remote");
                Map<String, Object> blob = file("big.bin", Base64.getEncoder().encodeToString(big));
                blob.put("contentEncoding", "base64");
                assertThat(service.api().post("/v1/websites", ServiceProcess.TOKEN, site(slug, "Remote",
                        file("index.html", "<p>x</p>"), blob)).status()).isEqualTo(201);
                Http sites = service.site();
                String host = slug + ".localhost";

                Http.Response whole = sites.onHost(host, "GET", "/big.bin");
                assertThat(whole.status()).isEqualTo(200);
                assertThat(whole.raw().body()).isEqualTo(big);
                try (var copies = Files.list(data.resolve("blob-copies"))) {
                    assertThat(copies.map(p -> p.getFileName().toString()))
                            .as("sent from a local copy of the S3 blob").containsExactly(
                                    whole.header("ETag").replace("\"", ""));
                }
                Http.Response range = sites.onHost(host, "GET", "/big.bin", "Range", "bytes=1000000-1000999");
                assertThat(range.status()).isEqualTo(206);
                assertThat(range.header("Content-Range")).isEqualTo("bytes 1000000-1000999/" + big.length);
                assertThat(range.raw().body()).isEqualTo(Arrays.copyOfRange(big, 1_000_000, 1_001_000));
                Http.Response tail = sites.onHost(host, "GET", "/big.bin", "Range", "bytes=-10");
                assertThat(tail.raw().body()).isEqualTo(Arrays.copyOfRange(big, big.length - 10, big.length));
                assertThat(sites.onHost(host, "GET", "/big.bin", "If-None-Match", whole.header("ETag")).status())
                        .isEqualTo(304);
                Http.Response stale = sites.onHost(host, "GET", "/big.bin", "Range", "bytes=0-9", "If-Range",
                        "\"0000\"");
                assertThat(stale.status()).as("If-Range of another copy: the whole file").isEqualTo(200);
                assertThat(stale.raw().body()).isEqualTo(big);

                assertThat(slowRead(service.sitePort(), host)).isEqualTo(big);
            }
        }
    }

    /** A reader with a small window that takes its time: the server must wait for it, not drop or repeat bytes. */
    private static byte[] slowRead(int port, String host) throws Exception {
        try (Socket socket = new Socket()) {
            socket.setReceiveBufferSize(8192);
            socket.connect(new java.net.InetSocketAddress("127.0.0.1", port));
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(("GET /big.bin HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            byte[] chunk = new byte[16 * 1024];
            int read;
            int reads = 0;
            while ((read = in.read(chunk)) > 0) {
                all.write(chunk, 0, read);
                if (++reads % 8 == 0) {
                    Thread.sleep(5);
                }
            }
            byte[] answer = all.toByteArray();
            String text = new String(answer, StandardCharsets.ISO_8859_1);
            int body = text.indexOf("\r\n\r\n") + 4;
            assertThat(text).startsWith("HTTP/1.1 200");
            return Arrays.copyOfRange(answer, body, answer.length);
        }
    }
}
