package io.sites.site.tls;

import java.io.InputStream;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.shredzone.acme4j.connector.HttpConnector;
import org.shredzone.acme4j.connector.NetworkSettings;
import org.shredzone.acme4j.provider.GenericAcmeProvider;

/**
 * Any ACME directory URL, reached with the roots of a PEM file ({@code sites.tls.acme-trust}) instead of the JDK's:
 * a CA under test (pebble on loopback) serves its API with a certificate of its own making.
 */
final class TrustedAcmeProvider extends GenericAcmeProvider {
    private final SSLContext ssl;

    TrustedAcmeProvider(Path roots) throws Exception {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        store.load(null, null);
        try (InputStream in = Files.newInputStream(roots)) {
            int n = 0;
            for (Certificate root : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                store.setCertificateEntry("root-" + n++, root);
            }
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(store);
        ssl = SSLContext.getInstance("TLS");
        ssl.init(null, trust.getTrustManagers(), null);
    }

    @Override
    protected HttpConnector createHttpConnector(NetworkSettings settings) {
        return new HttpConnector(settings) {
            @Override
            public HttpClient.Builder createClientBuilder() {
                return super.createClientBuilder().sslContext(ssl);
            }
        };
    }
}
