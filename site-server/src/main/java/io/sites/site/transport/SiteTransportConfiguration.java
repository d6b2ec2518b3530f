package io.sites.site.transport;

import io.sites.site.SiteServerProperties;
import io.sites.site.serving.SiteFiles;
import io.sites.site.serving.SiteResponder;
import io.sites.site.serving.SiteTraffic;
import io.sites.site.tls.SiteCertificates;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/** Assembles both ports that take site requests to the responder: the API port's filter and the Netty site port. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SiteServerProperties.class)
class SiteTransportConfiguration {

    /**
     * Site hosts that arrive on the API's port (the single-port embedded default) are answered here, first. Only
     * beside a servlet container: a replica that runs none serves its sites on the site port alone.
     */
    @Bean
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    FilterRegistrationBean<SiteHostFilter> siteHostFilter(SiteResponder responder, SiteFiles files,
            SiteTraffic traffic) {
        FilterRegistrationBean<SiteHostFilter> registration = new FilterRegistrationBean<>(
                new SiteHostFilter(responder, files, traffic));
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        registration.addUrlPatterns("/*");
        return registration;
    }

    /**
     * The fast path: a port of its own, served by Netty (see {@link SiteListener}); off unless a port is set. It
     * drains at shutdown within three quarters of Spring's shutdown phase timeout, so its event loops still stop
     * inside the phase.
     */
    @Bean
    @ConditionalOnExpression("'${sites.site-server.port:}' != ''")
    SiteListener siteListener(SiteServerProperties properties, SiteResponder responder, SiteFiles files,
            SiteTraffic traffic, @Value("${spring.lifecycle.timeout-per-shutdown-phase:30s}") Duration phase) {
        SiteServerProperties.Server server = properties.siteServer();
        return new SiteListener(server.address(), server.port(), server.ioThreads(), responder, files, traffic,
                new SiteConnections.Limits(server.headerTimeout(), server.idleTimeout(), server.maxConnections()),
                phase.multipliedBy(3).dividedBy(4));
    }

    /** HTTPS on a port of its own (issue 34, item 4): off unless {@code sites.site-server.tls-port} is set. */
    @Bean
    @ConditionalOnExpression("'${sites.site-server.tls-port:}' != ''")
    SiteTlsListener siteTlsListener(SiteServerProperties properties, SiteResponder responder, SiteFiles files,
            SiteTraffic traffic, SiteCertificates certificates,
            @Value("${spring.lifecycle.timeout-per-shutdown-phase:30s}") Duration phase) {
        SiteServerProperties.Server server = properties.siteServer();
        return new SiteTlsListener(new SiteListener(server.address(), server.tlsPort(), server.ioThreads(), responder,
                files, traffic, new SiteConnections.Limits(server.headerTimeout(), server.idleTimeout(),
                        server.maxConnections()), phase.multipliedBy(3).dividedBy(4), certificates));
    }

    /**
     * Measured on this machine: Tomcat's 8 KB socket write buffers were the main loss on files above a few KB;
     * 64 KB served them about 2.5 times faster.
     */
    @Bean
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> siteSocketBuffers(SiteServerProperties properties) {
        int bytes = properties.siteServer().socketBufferBytes();
        return factory -> factory.addConnectorCustomizers(connector -> {
            connector.setProperty("socket.appWriteBufSize", String.valueOf(bytes));
            connector.setProperty("socket.txBufSize", String.valueOf(bytes));
        });
    }
}
