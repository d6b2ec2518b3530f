package io.sites.app;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A webhook receiver for tests: HTTPS on 127.0.0.1 with a certificate of a test CA made by keytool (trusted by the
 * service through {@link WebhookReceiverAllowance} only), answering by its path: {@code /ok/…} 200,
 * {@code /fail-once/…} 500 the first time, {@code /drop-once/…} drops the connection the first time,
 * {@code /always-500/…} 500, {@code /redirect/…} a 302 to {@code /ok/redirected}, {@code /hold-once/…} holds the
 * first request unanswered until {@link #release()}, {@code /hold/{name}/…} holds every request (recorded
 * as held) while {@link #hold(String)} holds that name, at most a minute. It records every request. Outside the packages the service
 * scans, so that no context picks up its allowance unless it imports it.
 */
public final class WebhookReceiver {
    private static WebhookReceiver shared;

    /** One request as it arrived, and the status it was answered with (0: dropped, -1: held). */
    public record Received(String path, String id, String timestamp, String signature, String body, int status) {
    }

    private final HttpsServer server;
    private final SSLContext clientTls;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Set<String> failedOnce = ConcurrentHashMap.newKeySet();
    private final java.util.concurrent.CountDownLatch held = new java.util.concurrent.CountDownLatch(1);
    private final Map<String, java.util.concurrent.CountDownLatch> holding = new ConcurrentHashMap<>();
    private final java.security.cert.Certificate ca;

    public static synchronized WebhookReceiver shared() {
        if (shared == null) {
            try {
                shared = new WebhookReceiver();
            } catch (Exception e) {
                throw new IllegalStateException("could not start the test webhook receiver", e);
            }
        }
        return shared;
    }

    private WebhookReceiver() throws Exception {
        Path dir = Files.createTempDirectory("webhook-receiver");
        Path store = dir.resolve("receiver.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-keyalg", "EC", "-alias", "receiver", "-dname", "CN=Webhook test CA",
                "-ext", "SAN=ip:127.0.0.1", "-ext", "BC:c=ca:true", "-validity", "2", "-storetype", "PKCS12",
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
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        ca = keys.getCertificate("receiver");
        trust.setCertificateEntry("ca", ca);
        TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trustManagers.init(trust);
        clientTls = SSLContext.getInstance("TLS");
        clientTls.init(null, trustManagers.getTrustManagers(), null);

        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.setHttpsConfigurator(new HttpsConfigurator(serverTls));
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::handle);
        server.start();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public SSLContext clientTls() {
        return clientTls;
    }

    /** The test CA's certificate as PEM, for a service in another JVM to trust. */
    public String caPem() throws java.security.cert.CertificateEncodingException {
        return "-----BEGIN CERTIFICATE-----\n" + java.util.Base64.getMimeEncoder(64, "\n".getBytes())
                .encodeToString(ca.getEncoded()) + "\n-----END CERTIFICATE-----\n";
    }

    /** Lets the request held at a {@code /hold-once/} path go (its answer, a 500, reaches whoever still listens). */
    public void release() {
        held.countDown();
    }

    /** Requests to {@code /hold/{name}/…} go unanswered from now until {@link #release(String)}. */
    public void hold(String name) {
        holding.put(name, new java.util.concurrent.CountDownLatch(1));
    }

    /** Lets the requests held under {@code name} go (answered 200), and the next ones through at once. */
    public void release(String name) {
        java.util.concurrent.CountDownLatch latch = holding.remove(name);
        if (latch != null) {
            latch.countDown();
        }
    }

    public String url(String path) {
        return "https://127.0.0.1:" + port() + path;
    }

    public List<Received> received(String path) {
        return received.stream().filter(request -> request.path().equals(path)).toList();
    }

    /** As a Standard Webhooks receiver checks it: any of the space-separated {@code v1,} signatures matches. */
    public static boolean verified(Received request, String secret) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(java.util.Base64.getDecoder().decode(secret.substring("whsec_".length())),
                "HmacSHA256"));
        byte[] expected = mac.doFinal((request.id() + "." + request.timestamp() + "." + request.body())
                .getBytes(StandardCharsets.UTF_8));
        long age = Math.abs(System.currentTimeMillis() / 1000 - Long.parseLong(request.timestamp()));
        if (age > 300) {
            return false;
        }
        for (String signature : request.signature().split(" ")) {
            if (signature.startsWith("v1,") && java.security.MessageDigest.isEqual(expected,
                    java.util.Base64.getDecoder().decode(signature.substring(3)))) {
                return true;
            }
        }
        return false;
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        int status;
        if (path.startsWith("/fail-once/") && failedOnce.add(path)) {
            status = 500;
        } else if (path.startsWith("/drop-once/") && failedOnce.add(path)) {
            status = 0;
        } else if (path.startsWith("/hold-once/") && failedOnce.add(path)) {
            status = 500;
            received.add(new Received(path, exchange.getRequestHeaders().getFirst("webhook-id"),
                    exchange.getRequestHeaders().getFirst("webhook-timestamp"),
                    exchange.getRequestHeaders().getFirst("webhook-signature"), body, -1));
            try {
                held.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            try (exchange) {
                exchange.sendResponseHeaders(status, -1);
            } catch (IOException senderGone) {
                // the sender was killed meanwhile
            }
            return;
        } else if (path.startsWith("/hold/") && holding.containsKey(path.split("/")[2])) {
            received.add(new Received(path, exchange.getRequestHeaders().getFirst("webhook-id"),
                    exchange.getRequestHeaders().getFirst("webhook-timestamp"),
                    exchange.getRequestHeaders().getFirst("webhook-signature"), body, -1));
            java.util.concurrent.CountDownLatch latch = holding.get(path.split("/")[2]);
            try {
                if (latch != null) {
                    latch.await(1, java.util.concurrent.TimeUnit.MINUTES);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            try (exchange) {
                exchange.sendResponseHeaders(200, -1);
            } catch (IOException senderGone) {
                // the sender gave up waiting meanwhile
            }
            return;
        } else if (path.startsWith("/always-500/")) {
            status = 500;
        } else if (path.startsWith("/redirect/")) {
            status = 302;
        } else {
            status = 200;
        }
        received.add(new Received(path, exchange.getRequestHeaders().getFirst("webhook-id"),
                exchange.getRequestHeaders().getFirst("webhook-timestamp"),
                exchange.getRequestHeaders().getFirst("webhook-signature"), body, status));
        if (status == 0) {
            throw new IOException("dropping the connection on purpose"); // the server closes it, answering nothing
        }
        try (exchange) {
            if (status == 302) {
                exchange.getResponseHeaders().add("Location", url("/ok/redirected"));
            }
            byte[] answer = "x".repeat(64 * 1024).getBytes(StandardCharsets.US_ASCII); // more than is ever read
            exchange.sendResponseHeaders(status, answer.length);
            exchange.getResponseBody().write(answer);
        } catch (IOException readerStopped) {
            // the sender reads 1 KB of the answer at most and closes
        }
    }
}
