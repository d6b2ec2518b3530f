package io.sites.command.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sites.api.blob.BlobRef;
import io.sites.api.blob.BlobStore;
import io.sites.blob.FileSystemBlobStore;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fetch itself against a loopback TLS server with a keytool certificate for "origin.test": names resolved by the
 * fetch's own resolver port, the whole-body deadline, and certificate checking for the host as written.
 */
class SourceFetchTest {
    private static SSLContext serverTls;
    private static SSLContext clientTls;
    private static SSLServerSocket server;
    private static final AtomicInteger connections = new AtomicInteger();

    @TempDir
    static Path dir;

    @BeforeAll
    static void start() throws Exception {
        Path store = dir.resolve("origin.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-keyalg", "EC", "-alias", "origin", "-dname", "CN=origin.test",
                "-ext", "SAN=dns:origin.test", "-validity", "2", "-storetype", "PKCS12",
                "-keystore", store.toString(), "-storepass", "changeit", "-keypass", "changeit")
                .redirectErrorStream(true).start();
        keytool.getInputStream().readAllBytes();
        assertThat(keytool.waitFor()).isZero();
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            keys.load(in, "changeit".toCharArray());
        }
        KeyManagerFactory km = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        km.init(keys, "changeit".toCharArray());
        serverTls = SSLContext.getInstance("TLS");
        serverTls.init(km.getKeyManagers(), null, null);
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("origin", keys.getCertificate("origin"));
        TrustManagerFactory tm = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tm.init(trust);
        clientTls = SSLContext.getInstance("TLS");
        clientTls.init(null, tm.getTrustManagers(), null);

        server = (SSLServerSocket) serverTls.getServerSocketFactory()
                .createServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(() -> {
            while (!server.isClosed()) {
                try {
                    SSLSocket socket = (SSLSocket) server.accept();
                    connections.incrementAndGet();
                    Thread.ofVirtual().start(() -> serve(socket));
                } catch (Exception closed) {
                    return;
                }
            }
        });
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    /** "/slow" trickles a byte every 200 ms; anything else is "hello". */
    private static void serve(SSLSocket socket) {
        try (socket) {
            InputStream in = socket.getInputStream();
            StringBuilder head = new StringBuilder();
            while (!head.toString().endsWith("\r\n\r\n")) {
                int b = in.read();
                if (b < 0) {
                    return;
                }
                head.append((char) b);
            }
            OutputStream out = socket.getOutputStream();
            if (head.toString().startsWith("GET /slow ")) {
                out.write("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                for (int i = 0; i < 1000; i++) {
                    out.write('x');
                    out.flush();
                    Thread.sleep(200);
                }
            } else {
                out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + "3\r\nhel\r\n2\r\nlo\r\n0\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            }
            out.flush();
        } catch (Exception ignored) {
            // the fetcher hung up
        }
    }

    private SourceFetch fetch(SourceFetch.Resolver resolver, Duration total) throws Exception {
        BlobStore blobs = new FileSystemBlobStore(dir.resolve("blobs"));
        int port = server.getLocalPort();
        AddressPolicy onlyTheOrigin = (address, p) -> address.isLoopbackAddress() && p == port ? null
                : PublicAddresses.refusal(address);
        return new SourceFetch(onlyTheOrigin, resolver, clientTls.getSocketFactory(), blobs, 1_000_000,
                Duration.ofSeconds(2), Duration.ofSeconds(5), total);
    }

    private String url(String host, String path) {
        return "https://" + host + ":" + server.getLocalPort() + path;
    }

    @Test
    void aNameIsResolvedOnceAndTheCertificateIsCheckedForIt() throws Exception {
        SourceFetch fetch = fetch(host -> new InetAddress[] {InetAddress.getLoopbackAddress()}, Duration.ofSeconds(10));
        SourceFetch.Result result = fetch.fetch(url("origin.test", "/hello"));
        assertThat(result.blob()).isEqualTo(new BlobRef(
                "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824", 5));
        assertThat(result.contentType()).isEqualTo("text/plain");

        assertThatThrownBy(() -> fetch.fetch(url("other.test", "/hello")))
                .isInstanceOfSatisfying(SourceFetch.Failed.class, f -> assertThat(f.code)
                        .as("a certificate for another name is refused").isEqualTo("SOURCE_UNREACHABLE"));
    }

    @Test
    void aNameWithAnyPrivateAddressIsRefusedWithoutConnecting() throws Exception {
        int before = connections.get();
        SourceFetch fetch = fetch(host -> new InetAddress[] {InetAddress.getByName("93.184.215.14"),
                InetAddress.getByName("10.0.0.5")}, Duration.ofSeconds(10));
        assertThatThrownBy(() -> fetch.fetch(url("origin.test", "/hello")))
                .isInstanceOfSatisfying(SourceFetch.Failed.class,
                        f -> assertThat(f.code).isEqualTo("SOURCE_ADDRESS_FORBIDDEN"));
        assertThat(connections.get()).isEqualTo(before);
    }

    @Test
    void aTricklingServerIsCutOffAtTheDeadline() throws Exception {
        SourceFetch fetch = fetch(host -> new InetAddress[] {InetAddress.getLoopbackAddress()}, Duration.ofSeconds(1));
        long start = System.nanoTime();
        assertThatThrownBy(() -> fetch.fetch(url("origin.test", "/slow")))
                .isInstanceOfSatisfying(SourceFetch.Failed.class,
                        f -> assertThat(f.code).isEqualTo("SOURCE_UNREACHABLE"));
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    }
}
