package io.sites.app.replicas;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sites.app.Http;
import io.sites.app.PostgresAppTest;
import io.sites.app.ServiceProcess;
import io.sites.app.TestDns;
import io.sites.app.TestPebble;
import io.sites.app.usecases.DomainsContract;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.x509.GeneralName;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.ApplicationContext;
import org.springframework.context.SmartLifecycle;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * HTTPS on a custom domain end to end, with a real ACME CA on loopback (pebble): a verified domain gets a certificate
 * from the CA through HTTP-01 answered by a sites replica, both replicas serve it by SNI on their TLS ports (checked
 * against pebble's root), a publish's new bytes are there over HTTPS at once, plain HTTP moves to HTTPS, a flood of
 * made-up challenge tokens costs no database read, a short-lived certificate is renewed by itself, and the domain's
 * removal stops HTTPS there.
 */
class HttpsDomainTest extends PostgresAppTest {
    private static final String HOST = "www.example.test";
    private static final int SITE_PORT = port();
    private static final int TLS_PORT = port();
    /** pebble's certificates live this long here, so a renewal (at two thirds) comes within the test. */
    private static final Duration LIFETIME = Duration.ofSeconds(45);
    private static final int FLOOD = 2000;
    private static TestPebble pebble;
    private static Path wildcardCert;
    private static Path wildcardKey;

    @Autowired
    Environment environment;
    @Autowired
    MeterRegistry registry;
    @Autowired
    ApplicationContext beans;

    @DynamicPropertySource
    static void https(DynamicPropertyRegistry registry) throws Exception {
        DomainsContract.domainProperties(registry);
        pebble = TestPebble.start(SITE_PORT, TestDns.SHARED.address(), LIFETIME);
        registry.add("sites.site-server.port", () -> SITE_PORT);
        registry.add("sites.site-server.tls-port", () -> TLS_PORT);
        registry.add("sites.site-server.address", () -> "127.0.0.1");
        registry.add("sites.tls.acme-directory", pebble::directory);
        registry.add("sites.tls.acme-trust", () -> pebble.trust().toString());
        registry.add("sites.tls.order-interval", () -> "1s");
        registry.add("sites.tls.refresh", () -> "1s");
        registry.add("sites.tls.validation-timeout", () -> "30s");
        Path operator = Files.createTempDirectory("wildcard");
        wildcardCert = operator.resolve("wildcard.pem");
        wildcardKey = operator.resolve("wildcard-key.pem");
        TestPebble.selfSigned(wildcardCert, wildcardKey, "*.localhost", new GeneralName(GeneralName.dNSName,
                "*.localhost"));
        registry.add("sites.tls.certificate", wildcardCert::toString);
        registry.add("sites.tls.private-key", wildcardKey::toString);
    }

    @AfterAll
    static void stopPebble() throws InterruptedException {
        if (pebble != null) {
            pebble.close();
        }
    }

    @Test
    void aVerifiedDomainIsServedOverHttpsWithItsOwnCertificateUntilItIsRemoved() throws Exception {
        int secondTls = ServiceProcess.freePort();
        ServiceProcess second = new ServiceProcess(Path.of(environment.getProperty("sites.data-dir")), Map.ofEntries(
                Map.entry("SPRING_PROFILES_ACTIVE", "postgres"),
                Map.entry("SPRING_DATASOURCE_URL", environment.getProperty("spring.datasource.url")),
                Map.entry("SPRING_DATASOURCE_USERNAME", environment.getProperty("spring.datasource.username")),
                Map.entry("SPRING_DATASOURCE_HIKARI_MAXIMUM_POOL_SIZE", "4"),
                Map.entry("SITES_SITE_HOST", "localhost"), Map.entry("HOSTNAME", "second"),
                Map.entry("SITES_DNS_RESOLVER", TestDns.SHARED.address()),
                Map.entry("SITES_SITE_TLS_PORT", Integer.toString(secondTls)),
                Map.entry("SITES_ACME_DIRECTORY", pebble.directory()),
                Map.entry("SITES_ACME_TRUST", pebble.trust().toString()),
                Map.entry("SITES_TLS_ORDER_INTERVAL", "1s"), Map.entry("SITES_TLS_REFRESH", "1s")),
                List.of("-Xmx384m", "-XX:TieredStopAtLevel=1")).sharingData();
        second.start();
        try {
            String slug = unique("https");
            String id = http().post("/v1/websites", ALICE, site(slug, "HTTPS", file("index.html", "<p>version 1</p>")))
                    .json().get("websiteId").asString();
            String token = http().post("/v1/websites/" + id + "/domains", ALICE, Map.of("hostname", HOST)).json()
                    .get("verification").get("value").asString();
            // The operator's wildcard serves {slug}.{site_host}, and a renewed pair of files is read again.
            X509Certificate wildcard = certificate(wildcardCert);
            assertThat(https(TLS_PORT, slug + ".localhost", wildcard).text()).endsWith("<p>version 1</p>");
            X509Certificate renewed = TestPebble.selfSigned(wildcardCert, wildcardKey, "*.localhost",
                    new GeneralName(GeneralName.dNSName, "*.localhost"));
            await(() -> served(TLS_PORT, slug + ".localhost", renewed), Duration.ofSeconds(20));

            TestDns.SHARED.setTxt("_sites-challenge." + HOST, token);
            TestDns.SHARED.setAddress(HOST, InetAddress.getLoopbackAddress());
            // Only the second replica orders this time, and pebble asks the first (SITE_PORT): a challenge placed by
            // one replica is answered by another.
            SmartLifecycle ownOrders = beans.getBean("acmeOrders", SmartLifecycle.class);
            ownOrders.stop();
            Http.Response verified = http().post("/v1/websites/" + id + "/domains/" + HOST + "/verify", ALICE, "");
            assertThat(verified.status()).as(verified.text()).isEqualTo(200);

            // Issued by the CA, listed as active with its certificate.
            await(() -> "active".equals(domain(id).get("status").asString()), Duration.ofSeconds(90));
            JsonNode certificate = domain(id).get("certificate");
            assertThat(certificate.get("issuer").asString()).contains("Pebble");
            assertThat(Instant.parse(certificate.get("notAfter").asString())).isAfter(Instant.now());
            ownOrders.start();
            // Another account's attempt on the hostname is refused; a hostname never verified serves nothing.
            String bobs = http().post("/v1/websites", BOB, site(unique("bob-https"), "B",
                    file("index.html", "<p>b</p>"))).json().get("websiteId").asString();
            Http.Response taken = http().post("/v1/websites/" + bobs + "/domains", BOB, Map.of("hostname", HOST));
            assertThat(taken.status()).as(taken.text()).isEqualTo(409);
            assertThat(taken.json().get("error").get("code").asString()).isEqualTo("DOMAIN_TAKEN");
            String pending = "pending.example.test";
            assertThat(http().post("/v1/websites/" + id + "/domains", ALICE, Map.of("hostname", pending)).status())
                    .isEqualTo(201);
            assertThat(new Http(SITE_PORT).onHost(pending, "GET", "/").text()).doesNotContain("version 1");
            assertThatThrownBy(() -> https(TLS_PORT, pending, pebble.root())).isInstanceOf(SSLException.class);
            // A verified domain the CA cannot reach (no address for it): its order fails while the renewal below runs.
            String unreachable = "unreachable.example.test";
            TestDns.SHARED.setTxt("_sites-challenge." + unreachable, http().post("/v1/websites/" + id + "/domains",
                    ALICE, Map.of("hostname", unreachable)).json().get("verification").get("value").asString());
            assertThat(http().post("/v1/websites/" + id + "/domains/" + unreachable + "/verify", ALICE, "").status())
                    .isEqualTo(200);

            X509Certificate root = pebble.root();
            int[] ports = {TLS_PORT, secondTls};
            for (int port : ports) {
                await(() -> served(port, root), Duration.ofSeconds(20));
                Answer answer = https(port, HOST, root);
                assertThat(answer.text()).as("replica on %d", port).endsWith("<p>version 1</p>");
                assertThat(answer.protocol()).isEqualTo("http/1.1");
            }
            // HTTP/2 where the client offers it (ALPN), by curl with the name resolved to loopback.
            Path rootPem = Files.createTempFile("pebble-root", ".pem");
            Files.writeString(rootPem, "-----BEGIN CERTIFICATE-----\n" + Base64.getMimeEncoder().encodeToString(
                    root.getEncoded()) + "\n-----END CERTIFICATE-----\n");
            for (int port : ports) {
                assertThat(curl(port, rootPem)).isEqualTo("<p>version 1</p>\n2");
            }
            // A publish's 201: the new bytes over HTTPS on both replicas, on the first request.
            assertThat(http().post("/v1/websites/" + id + "/versions", ALICE,
                    version(true, null, file("index.html", "<p>version 2</p>"),
                            file("_headers", "/*\n  Strict-Transport-Security: max-age=300\n"))).status())
                    .isEqualTo(201);
            for (int port : ports) {
                String answer = https(port, HOST, root).text();
                assertThat(answer).endsWith("<p>version 2</p>");
                // HSTS is the owner's choice, through _headers.
                assertThat(answer).containsIgnoringCase("Strict-Transport-Security: max-age=300");
            }
            // Plain HTTP moves to HTTPS; the CA's challenge path does not.
            Http.Response plain = new Http(SITE_PORT).onHost(HOST, "GET", "/a?b=c");
            assertThat(plain.status()).isEqualTo(308);
            assertThat(plain.header("Location")).isEqualTo("https://" + HOST + "/a?b=c");
            assertThat(new Http(SITE_PORT).onHost(HOST, "GET", "/.well-known/acme-challenge/unknown").status())
                    .isEqualTo(404);
            // A flood of made-up tokens at the custom host: each answered from memory, no database read per request.
            double reads = registry.counter("sites.tls.challenge.reads").count();
            assertThat(floodChallenges(SITE_PORT)).isEqualTo(FLOOD);
            assertThat(registry.counter("sites.tls.challenge.reads").count() - reads).isLessThan(FLOOD / 10.0);

            // Renewal: past two thirds of its (short) life the certificate is ordered again, served by both replicas.
            X509Certificate leaf = https(TLS_PORT, HOST, root).leaf();
            assertThat(Duration.between(leaf.getNotBefore().toInstant(), leaf.getNotAfter().toInstant()))
                    .isLessThanOrEqualTo(LIFETIME.plusSeconds(1));
            java.math.BigInteger first = leaf.getSerialNumber();
            for (int port : ports) {
                await(() -> !serial(port, root).equals(first), LIFETIME.multipliedBy(2));
            }
            // The failed order's reason is on the domain, which stays verified, served over plain HTTP, tried again.
            await(() -> {
                JsonNode reason = domain(id, unreachable).get("reason");
                return reason != null && !reason.isNull() && reason.asString().startsWith("certificate: ");
            }, Duration.ofSeconds(60));
            assertThat(domain(id, unreachable).get("status").asString()).isEqualTo("verified");
            assertThat(domain(id, unreachable).get("reason").asString()).contains("could not validate");

            // Removal stops HTTPS there on every replica at once.
            assertThat(http().send("DELETE", "/v1/websites/" + id + "/domains/" + HOST, ALICE, null, null).status())
                    .isEqualTo(204);
            for (int port : ports) {
                assertThatThrownBy(() -> https(port, HOST, root)).isInstanceOf(SSLException.class);
            }
            // Handshakes refused, orders made, and a graceful stop with HTTPS and HTTP/2 connections are no one's warning.
            second.stop();
            assertThat(second.problems(0)).isEmpty();
        } finally {
            second.stop();
            TestDns.SHARED.remove(HOST);
            TestDns.SHARED.remove("_sites-challenge." + HOST);
            TestDns.SHARED.remove("_sites-challenge.unreachable.example.test");
        }
    }

    /** {@link #FLOOD} challenge requests for made-up tokens on one connection (pipelined); the 404s counted. */
    private static int floodChallenges(int port) throws Exception {
        StringBuilder requests = new StringBuilder();
        for (int i = 0; i < FLOOD; i++) {
            requests.append("GET /.well-known/acme-challenge/made-up-").append(i).append(" HTTP/1.1\r\nHost: ")
                    .append(HOST).append(i == FLOOD - 1 ? "\r\nConnection: close\r\n\r\n" : "\r\n\r\n");
        }
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(requests.toString().getBytes(StandardCharsets.US_ASCII));
            String answers = new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
            return answers.split("HTTP/1.1 404 ", -1).length - 1;
        }
    }

    private JsonNode domain(String id, String hostname) {
        return http().get("/v1/websites/" + id + "/domains", ALICE).json().get("domains").valueStream()
                .filter(domain -> domain.get("hostname").asString().equals(hostname)).findFirst().orElseThrow();
    }

    private JsonNode domain(String id) {
        return http().get("/v1/websites/" + id + "/domains", ALICE).json().get("domains").get(0);
    }

    /** The body and the HTTP version curl used, over HTTP/2 if the server agrees. */
    private static String curl(int port, Path rootPem) throws Exception {
        Process curl = new ProcessBuilder("curl", "-sS", "--http2", "--max-time", "10", "--resolve",
                HOST + ":" + port + ":127.0.0.1", "--cacert", rootPem.toString(), "-w", "\n%{http_version}",
                "https://" + HOST + ":" + port + "/").redirectErrorStream(true).start();
        String out = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        curl.waitFor();
        return out;
    }

    private static boolean served(int port, X509Certificate root) {
        return served(port, HOST, root);
    }

    private static boolean served(int port, String host, X509Certificate root) {
        try {
            https(port, host, root);
            return true;
        } catch (Exception notYet) {
            return false;
        }
    }

    private static java.math.BigInteger serial(int port, X509Certificate root) {
        try {
            return https(port, HOST, root).leaf().getSerialNumber();
        } catch (Exception e) {
            return java.math.BigInteger.ZERO;
        }
    }

    private static X509Certificate certificate(Path pem) throws Exception {
        try (var in = Files.newInputStream(pem)) {
            return (X509Certificate) java.security.cert.CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }

    record Answer(String text, X509Certificate leaf, String protocol) {
    }

    /** GET / over TLS with SNI, the certificate checked against the root for the hostname, as a browser would. */
    static Answer https(int port, String host, X509Certificate root) throws Exception {
        return https(port, host, List.of(root), "/");
    }

    /** GET {@code path} over TLS with SNI, the certificate checked against {@code roots} for the hostname. */
    static Answer https(int port, String host, List<X509Certificate> roots, String path) throws Exception {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        store.load(null, null);
        for (int i = 0; i < roots.size(); i++) {
            store.setCertificateEntry("root" + i, roots.get(i));
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(store);
        SSLContext ssl = SSLContext.getInstance("TLS");
        ssl.init(null, trust.getTrustManagers(), null);
        try (Socket plain = new Socket("127.0.0.1", port);
                SSLSocket socket = (SSLSocket) ssl.getSocketFactory().createSocket(plain, host, port, true)) {
            SSLParameters parameters = socket.getSSLParameters();
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
            parameters.setServerNames(List.of(new SNIHostName(host)));
            parameters.setApplicationProtocols(new String[] {"http/1.1"});
            socket.setSSLParameters(parameters);
            socket.setSoTimeout(10_000);
            socket.startHandshake();
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            ByteArrayOutputStream in = new ByteArrayOutputStream();
            socket.getInputStream().transferTo(in);
            return new Answer(in.toString(StandardCharsets.UTF_8),
                    (X509Certificate) socket.getSession().getPeerCertificates()[0], socket.getApplicationProtocol());
        }
    }

    private static void await(BooleanSupplier condition, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Not within " + timeout + "; pebble said:\n" + pebble.log());
            }
            Thread.sleep(250);
        }
    }

    private static int port() {
        try {
            return ServiceProcess.freePort();
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
