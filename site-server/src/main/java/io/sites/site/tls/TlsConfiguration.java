package io.sites.site.tls;

import io.micrometer.core.instrument.MeterRegistry;
import io.sites.site.SiteServerProperties;
import io.sites.site.directory.SiteDirectory;
import java.nio.file.Path;
import java.time.Clock;
import java.util.UUID;
import org.shredzone.acme4j.provider.AcmeProvider;
import org.shredzone.acme4j.provider.GenericAcmeProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Assembles HTTPS on a site replica: the rows, and with a TLS port the certificates it serves, their refresh, the
 * pending challenges held in memory, and, with an ACME directory set, the orders.
 */
@Configuration(proxyBeanMethods = false)
class TlsConfiguration {

    @Bean
    CertificateRows certificateRows(JdbcTemplate jdbc) {
        return new CertificateRows(jdbc);
    }

    @Bean
    @ConditionalOnExpression("'${sites.site-server.tls-port:}' != ''")
    AcmeChallenges acmeChallenges(CertificateRows rows, SiteServerProperties properties, MeterRegistry registry) {
        return new AcmeChallenges(rows, properties.tls().challengeRefresh(), registry);
    }

    @Bean
    @ConditionalOnExpression("'${sites.site-server.tls-port:}' != ''")
    SiteCertificates siteCertificates(CertificateRows rows, AcmeChallenges challenges, SiteServerProperties properties,
            SiteDirectory directory) {
        SiteServerProperties.Tls tls = properties.tls();
        return new SiteCertificates(rows, challenges, sealedKeys(properties), directory, properties.siteHost(),
                present(tls.certificate()), present(tls.privateKey()));
    }

    @Bean
    @ConditionalOnExpression("'${sites.site-server.tls-port:}' != ''")
    CertificateRefresh certificateRefresh(SiteCertificates certificates, SiteServerProperties properties) {
        return new CertificateRefresh(certificates, properties.tls().refresh());
    }

    @Bean
    @ConditionalOnExpression("'${sites.site-server.tls-port:}' != '' && '${sites.tls.acme-directory:}' != ''")
    AcmeOrders acmeOrders(CertificateRows rows, AcmeChallenges challenges, SiteCertificates certificates,
            SiteDirectory directory, SiteServerProperties properties, Clock clock) throws Exception {
        SiteServerProperties.Tls tls = properties.tls();
        Path trust = present(tls.acmeTrust());
        AcmeProvider provider = trust == null ? new GenericAcmeProvider() : new TrustedAcmeProvider(trust);
        String holder = properties.siteServer().replica() + "-" + UUID.randomUUID().toString().substring(0, 8);
        return new AcmeOrders(rows, challenges, sealedKeys(properties), certificates, directory,
                new AcmeOrders.Settings(tls.acmeDirectory().trim(), provider, tls.acmeEmail(), holder,
                        tls.orderInterval(), tls.lease(), tls.validationTimeout()), clock);
    }

    private static SealedKeys sealedKeys(SiteServerProperties properties) {
        return SealedKeys.configured(properties.tls().keyEncryptionKey(), properties.dataDir());
    }

    /** An empty setting binds to an empty path: no file. */
    private static Path present(Path path) {
        return path == null || path.toString().isBlank() ? null : path;
    }
}
