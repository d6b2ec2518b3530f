package io.sites.app;

import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A real ACME CA on loopback for the HTTPS tests: Debian's pebble (bin/test-prerequisites installs it), its API and
 * management on 127.0.0.1 only, its HTTP-01 validation sent to a sites replica's plain site port for every name,
 * the names resolved by {@link TestDns}. Its own HTTPS uses a certificate made here, which the service is told to
 * trust (SITES_ACME_TRUST).
 */
public final class TestPebble implements AutoCloseable {
    private final Process process;
    private final int port;
    private final int managementPort;
    private final Path trust;
    private final Path log;

    private TestPebble(Process process, int port, int managementPort, Path trust, Path log) {
        this.process = process;
        this.port = port;
        this.managementPort = managementPort;
        this.trust = trust;
        this.log = log;
    }

    /** Whether pebble is installed (it is in CI: bin/test-prerequisites). */
    public static boolean installed() {
        return Files.isExecutable(Path.of("/usr/bin/pebble"));
    }

    /** Starts pebble validating HTTP-01 on {@code httpPort}, asking {@code dns} for addresses. */
    public static TestPebble start(int httpPort, String dns) throws Exception {
        return start(httpPort, dns, null);
    }

    /**
     * As {@link #start(int, String)}, issuing certificates valid for {@code validity} (pebble's
     * certificateValidityPeriod; null: its default, five years), short enough to watch a renewal come by itself.
     */
    public static TestPebble start(int httpPort, String dns, Duration validity) throws Exception {
        if (!installed()) {
            throw new IllegalStateException("pebble is not installed: bin/test-prerequisites installs Debian's pebble");
        }
        Path dir = Files.createTempDirectory("pebble");
        Path cert = dir.resolve("cert.pem");
        Path privateKey = dir.resolve("key.pem");
        selfSigned(cert, privateKey, "pebble on loopback", new GeneralName(GeneralName.iPAddress, "127.0.0.1"),
                new GeneralName(GeneralName.dNSName, "localhost"));
        int port = ServiceProcess.freePort();
        int management = ServiceProcess.freePort();
        Path config = dir.resolve("pebble-config.json");
        Files.writeString(config, """
                {"pebble": {"listenAddress": "127.0.0.1:%d", "managementListenAddress": "127.0.0.1:%d",
                 "certificate": "%s", "privateKey": "%s", "httpPort": %d, "tlsPort": %d,
                 "ocspResponderURL": "", "externalAccountBindingRequired": false%s}}
                """.formatted(port, management, cert, privateKey, httpPort, ServiceProcess.freePort(),
                validity == null ? "" : ", \"certificateValidityPeriod\": " + validity.toSeconds()));
        Path log = dir.resolve("pebble.log");
        ProcessBuilder process = new ProcessBuilder("/usr/bin/pebble", "-config", config.toString(), "-dnsserver", dns);
        // No random sleeps before validating, no nonces refused at random, no authorizations reused between orders.
        process.environment().put("PEBBLE_VA_NOSLEEP", "1");
        process.environment().put("PEBBLE_WFE_NONCEREJECT", "0");
        process.environment().put("PEBBLE_AUTHZREUSE", "0");
        process.redirectErrorStream(true).redirectOutput(log.toFile());
        TestPebble pebble = new TestPebble(process.start(), port, management, cert, log);
        pebble.awaitListening();
        return pebble;
    }

    /**
     * Writes a self-signed certificate for the names (PEM) and its key (PKCS#8 PEM, which Go and Netty both read):
     * pebble's own, or an operator's wildcard in a test.
     */
    public static X509Certificate selfSigned(Path cert, Path privateKey, String commonName, GeneralName... names)
            throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        KeyPair key = generator.generateKeyPair();
        X500Name name = new X500Name("CN=" + commonName);
        Instant now = Instant.now();
        JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(name,
                BigInteger.valueOf(System.nanoTime()), Date.from(now.minus(Duration.ofHours(1))),
                Date.from(now.plus(Duration.ofDays(2))), name, key.getPublic());
        builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(names));
        X509Certificate certificate = new JcaX509CertificateConverter().getCertificate(
                builder.build(new JcaContentSignerBuilder("SHA256withRSA").build(key.getPrivate())));
        Files.writeString(privateKey, "-----BEGIN PRIVATE KEY-----\n" + java.util.Base64.getMimeEncoder(64,
                new byte[] {'\n'}).encodeToString(key.getPrivate().getEncoded()) + "\n-----END PRIVATE KEY-----\n");
        Files.writeString(cert, pem(certificate));
        return certificate;
    }

    /** SITES_ACME_DIRECTORY. */
    public String directory() {
        return "https://127.0.0.1:" + port + "/dir";
    }

    /** SITES_ACME_TRUST: the PEM of pebble's own HTTPS certificate. */
    public Path trust() {
        return trust;
    }

    public String log() throws IOException {
        return Files.readString(log);
    }

    /** The root that signs what pebble issues, from its management endpoint (a new one at every start). */
    public X509Certificate root() throws Exception {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        store.load(null, null);
        store.setCertificateEntry("pebble", CertificateFactory.getInstance("X.509")
                .generateCertificate(Files.newInputStream(trust)));
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(store);
        SSLContext ssl = SSLContext.getInstance("TLS");
        ssl.init(null, factory.getTrustManagers(), null);
        try (HttpClient client = HttpClient.newBuilder().sslContext(ssl).build()) {
            HttpResponse<byte[]> response = client.send(HttpRequest.newBuilder(
                    URI.create("https://127.0.0.1:" + managementPort + "/roots/0")).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            return (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(new java.io.ByteArrayInputStream(response.body()));
        }
    }

    private void awaitListening() throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("pebble stopped: " + log());
            }
            try (Socket ignored = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        throw new IllegalStateException("pebble did not listen: " + log());
    }

    private static String pem(Object object) throws IOException {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
            writer.writeObject(object);
        }
        return out.toString();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        process.waitFor();
    }
}
