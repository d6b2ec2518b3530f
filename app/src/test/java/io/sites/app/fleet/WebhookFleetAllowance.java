package io.sites.app.fleet;

import io.sites.command.remote.AddressPolicy;
import io.sites.command.remote.WebhookPosts;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;

/**
 * Test-only, for a service in a JVM of its own (WebhookFleetTest): lets its webhooks reach the test's receiver on
 * loopback (port {@code SITES_TEST_WEBHOOK_PORT}) and trust its CA ({@code SITES_TEST_WEBHOOK_CA}, a PEM file). The
 * test copies this one class onto that JVM's classpath and names it in {@code SPRING_MAIN_SOURCES}; it is in no
 * deployment, and no property switches it on.
 */
@Configuration(proxyBeanMethods = false)
public class WebhookFleetAllowance {

    @Bean
    @Primary
    WebhookPosts.Reach fleetReceiverReach() throws Exception {
        int port = Integer.parseInt(System.getenv("SITES_TEST_WEBHOOK_PORT"));
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        try (InputStream in = Files.newInputStream(Path.of(System.getenv("SITES_TEST_WEBHOOK_CA")))) {
            trust.setCertificateEntry("ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trustManagers.init(trust);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, trustManagers.getTrustManagers(), null);
        AddressPolicy production = AddressPolicy.publicOnly();
        return new WebhookPosts.Reach((address, allowed) -> address.equals(InetAddress.getLoopbackAddress())
                && allowed == port ? null : production.refusal(address, allowed), tls.getSocketFactory());
    }
}
