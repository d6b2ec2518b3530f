package io.sites.app;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A local HTTPS origin for sourceUrl tests, on 127.0.0.1 with a self-signed certificate for "localhost" made by
 * keytool in a temp directory, plus a plain loopback listener that only records connections: the forbidden target
 * of the SSRF tests, which must never see one. One instance per test JVM.
 */
public final class HttpsOrigin {
    private static HttpsOrigin shared;

    private final HttpsServer server;
    private final SSLContext clientTls;
    private final ServerSocket forbidden;
    private final AtomicInteger forbiddenConnections = new AtomicInteger();
    private final Map<String, AtomicInteger> hits = new ConcurrentHashMap<>();

    public static synchronized HttpsOrigin shared() {
        if (shared == null) {
            try {
                shared = new HttpsOrigin();
            } catch (Exception e) {
                throw new IllegalStateException("could not start the test HTTPS origin", e);
            }
        }
        return shared;
    }

    private HttpsOrigin() throws Exception {
        Path dir = Files.createTempDirectory("https-origin");
        Path store = dir.resolve("origin.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-keyalg", "EC", "-alias", "origin", "-dname", "CN=localhost",
                "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-validity", "2", "-storetype", "PKCS12",
                "-keystore", store.toString(), "-storepass", "changeit", "-keypass", "changeit")
                .redirectErrorStream(true).start();
        keytool.getInputStream().readAllBytes();
        if (keytool.waitFor() != 0) {
            throw new IllegalStateException("keytool failed");
        }
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            keys.load(in, "changeit".toCharArray());
        }
        KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keyManagers.init(keys, "changeit".toCharArray());
        SSLContext serverTls = SSLContext.getInstance("TLS");
        serverTls.init(keyManagers.getKeyManagers(), null, null);

        Certificate certificate = keys.getCertificate("origin");
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("origin", certificate);
        TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trustManagers.init(trust);
        clientTls = SSLContext.getInstance("TLS");
        clientTls.init(null, trustManagers.getTrustManagers(), null);

        forbidden = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(() -> {
            while (!forbidden.isClosed()) {
                try (Socket s = forbidden.accept()) {
                    forbiddenConnections.incrementAndGet();
                } catch (IOException closed) {
                    return;
                }
            }
        });

        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.setHttpsConfigurator(new HttpsConfigurator(serverTls));
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::handle);
        server.start();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public int forbiddenPort() {
        return forbidden.getLocalPort();
    }

    public int forbiddenConnections() {
        return forbiddenConnections.get();
    }

    public int hits(String path) {
        return hits.getOrDefault(path, new AtomicInteger()).get();
    }

    public SSLContext clientTls() {
        return clientTls;
    }

    public String url(String path) {
        return "https://127.0.0.1:" + port() + path; // a literal: "localhost" may also resolve to ::1
    }

    /** The bytes served at /bytes/{n}: deterministic, so a test can compare what the site serves. */
    public static byte[] bytes(int n) {
        byte[] bytes = new byte[n];
        for (int i = 0; i < n; i++) {
            bytes[i] = (byte) (i * 31 + 7);
        }
        return bytes;
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        hits.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
        try (exchange) {
            if (path.startsWith("/bytes/")) {
                byte[] body = bytes(Integer.parseInt(path.substring("/bytes/".length()).replaceAll("\\..*", "")));
                exchange.getResponseHeaders().add("Content-Type", "application/x-test-bytes");
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
            } else if (path.equals("/big")) {
                exchange.getResponseHeaders().add("Content-Type", "video/mp4");
                exchange.sendResponseHeaders(200, 0); // chunked, no length: only counting can stop it
                OutputStream out = exchange.getResponseBody();
                byte[] chunk = new byte[64 * 1024];
                long left = 52_428_801L;
                try {
                    while (left > 0) {
                        int n = (int) Math.min(chunk.length, left);
                        out.write(chunk, 0, n);
                        left -= n;
                    }
                } catch (IOException clientGone) {
                    // the fetcher stops reading at the limit
                }
            } else if (path.startsWith("/redirect/")) {
                // /redirect/{n}: n more hops on this origin, then the file
                int n = Integer.parseInt(path.substring("/redirect/".length()));
                redirect(exchange, n == 0 ? url("/bytes/100") : url("/redirect/" + (n - 1)));
            } else if (path.equals("/to-forbidden")) {
                redirect(exchange, "https://127.0.0.1:" + forbiddenPort() + "/secret");
            } else if (path.equals("/to-metadata")) {
                redirect(exchange, "https://169.254.169.254/latest/meta-data/");
            } else if (path.equals("/style.css")) {
                byte[] body = "@import url(https://cdn.example.com/x.css);".getBytes();
                exchange.getResponseHeaders().add("Content-Type", "text/css");
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
            } else {
                exchange.sendResponseHeaders(404, -1);
            }
        }
    }

    private static void redirect(HttpExchange exchange, String location) throws IOException {
        exchange.getResponseHeaders().add("Location", location);
        exchange.sendResponseHeaders(302, -1);
    }
}
