package io.sites.site;

import io.sites.api.SiteAddress;
import io.sites.api.blob.BlobStore;
import java.nio.file.Path;
import java.time.Duration;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.lifecycle.Phase;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

@Configuration(proxyBeanMethods = false)
public class SiteServerConfiguration {

    @Bean
    SiteDirectory siteDirectory() {
        return new SiteDirectory();
    }

    /** One file per replica: each replica's directory and position in the stream are its own. */
    @Bean(destroyMethod = "close")
    SiteDirectorySnapshots siteDirectorySnapshots(SiteDirectory directory,
            @Value("${sites.data-dir}") Path dataDir,
            @Value("${sites.site-server.replica:${HOSTNAME:local}}") String replica,
            @Value("${sites.site-server.snapshot-interval:30s}") Duration interval) {
        return new SiteDirectorySnapshots(directory,
                dataDir.resolve("site-directory").resolve(replica.replaceAll("[^A-Za-z0-9_.-]", "_") + ".json"),
                interval.toMillis());
    }

    @Bean
    SiteDirectoryCatchUp siteDirectoryCatchUp(SiteDirectory directory) {
        return new SiteDirectoryCatchUp(directory);
    }

    /**
     * The projection's token store, and the store's head noted at start, before the projection reads: the
     * directory is caught up once it has read that far.
     */
    @Bean
    ConfigurerModule siteDirectoryTokenStore(SiteDirectorySnapshots snapshots, SiteDirectoryCatchUp catchUp) {
        return configurer -> {
            configurer.eventProcessing(processing -> processing.registerTokenStore(
                    SiteDirectoryProjection.PROCESSING_GROUP, c -> snapshots.tokenStore(c.serializer())));
            configurer.onInitialize(c -> c.onStart(Phase.INBOUND_EVENT_CONNECTORS - 1, () -> {
                catchUp.drainedWhen(() -> c.eventProcessingConfiguration()
                        .eventProcessor(SiteDirectoryProjection.PROCESSING_GROUP, StreamingEventProcessor.class)
                        .map(processor -> !processor.processingStatus().isEmpty() && processor.processingStatus()
                                .values().stream().allMatch(EventTrackerStatus::isCaughtUp))
                        .orElse(false));
                catchUp.startedAt(c.eventStore().createHeadToken());
            }));
        };
    }

    @Bean
    SiteFiles siteFiles(BlobStore blobs, @Value("${sites.site-server.cache-bytes:268435456}") long cacheBytes,
            @Value("${sites.site-server.compress-max-bytes:8388608}") long compressMaxBytes) {
        return new SiteFiles(blobs, cacheBytes, compressMaxBytes);
    }

    @Bean
    SiteResponder siteResponder(@Value("${sites.site-host}") String siteHost, SiteDirectory directory,
            SiteFiles files) {
        return new SiteResponder(new SiteAddress(siteHost), directory, files, new SiteGate(System::nanoTime));
    }

    /** Site hosts that arrive on the API's port (the single-port embedded default) are answered here, first. */
    @Bean
    FilterRegistrationBean<SiteHostFilter> siteHostFilter(SiteResponder responder, SiteFiles files) {
        FilterRegistrationBean<SiteHostFilter> registration = new FilterRegistrationBean<>(
                new SiteHostFilter(responder, files));
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        registration.addUrlPatterns("/*");
        return registration;
    }

    /** The fast path: a port of its own, served by Netty (see {@link SiteListener}); off unless a port is set. */
    @Bean
    @ConditionalOnExpression("'${sites.site-server.port:}' != ''")
    SiteListener siteListener(@Value("${sites.site-server.address:0.0.0.0}") String address,
            @Value("${sites.site-server.port}") int port,
            @Value("${sites.site-server.io-threads:0}") int ioThreads, SiteResponder responder, SiteFiles files,
            @Value("${sites.site-server.header-timeout:15s}") Duration headerTimeout,
            @Value("${sites.site-server.idle-timeout:75s}") Duration idleTimeout,
            @Value("${sites.site-server.max-connections:10000}") int maxConnections) {
        return new SiteListener(address, port, ioThreads, responder, files,
                new SiteConnections.Limits(headerTimeout, idleTimeout, maxConnections));
    }

    /**
     * Measured on this machine: Tomcat's 8 KB socket write buffers were the main loss on files above a few KB;
     * 64 KB served them about 2.5 times faster.
     */
    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> siteSocketBuffers(
            @Value("${sites.site-server.socket-buffer-bytes:65536}") int bytes) {
        return factory -> factory.addConnectorCustomizers(connector -> {
            connector.setProperty("socket.appWriteBufSize", String.valueOf(bytes));
            connector.setProperty("socket.txBufSize", String.valueOf(bytes));
        });
    }
}
