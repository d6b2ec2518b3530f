package io.sites.site;

import io.sites.api.site.PreviewGrant;
import io.sites.api.site.SiteAddress;
import io.sites.api.blob.BlobStore;
import io.sites.limits.RateWindows;
import java.time.Clock;
import java.time.Duration;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.lifecycle.Phase;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.jdbc.core.JdbcTemplate;

/** Assembles the site server: its directory and snapshots, the projection's catch-up, files, gate and both ports. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SiteServerProperties.class)
public class SiteServerConfiguration {

    @Bean
    SiteDirectory siteDirectory() {
        return new SiteDirectory();
    }

    /** One file per replica: each replica's directory and position in the stream are its own. */
    @Bean(destroyMethod = "close")
    SiteDirectorySnapshots siteDirectorySnapshots(SiteDirectory directory, SiteServerProperties properties) {
        SiteServerProperties.Server server = properties.siteServer();
        return new SiteDirectorySnapshots(directory, properties.dataDir().resolve("site-directory")
                .resolve(server.replica().replaceAll("[^A-Za-z0-9_.-]", "_") + ".json"),
                server.snapshotInterval().toMillis());
    }

    /**
     * This process's row among the site replicas. The snapshot is named by the configured replica (stable across
     * restarts); the row by the process (two processes on one host share a HOSTNAME), hence the random suffix.
     */
    @Bean
    SiteReplica siteReplica(JdbcTemplate jdbc, SiteServerProperties properties, SiteDirectory directory) {
        String instance = ReplicaRow.newInstance(properties.siteServer().replica());
        return new SiteReplica(jdbc, instance, directory::isCaughtUp, properties.replicas().heartbeat(),
                properties.replicas().behindAfter());
    }

    @Bean
    SiteDirectoryCatchUp siteDirectoryCatchUp(SiteDirectory directory, SiteReplica replica) {
        return new SiteDirectoryCatchUp(directory, replica::startedUp);
    }

    /**
     * The projection's token store, and the store's head noted at start, before the projection reads: the
     * directory is caught up once it has read that far. The replica's row exists, not ready, before the head is
     * read; it says ready once the directory has caught up (docs/DECISIONS.md, "Replicas"). The snapshot's token is
     * where the replica starts to count from; the history after it is read straight from the store before the
     * processor takes over ({@link SiteDirectoryHistory}).
     */
    @Bean
    ConfigurerModule siteDirectoryTokenStore(SiteDirectorySnapshots snapshots, SiteDirectoryCatchUp catchUp,
            SiteReplica replica, ObjectProvider<SiteDirectoryProjection> projection) {
        return configurer -> {
            configurer.eventProcessing(processing -> processing.registerTokenStore(
                    SiteDirectoryProjection.PROCESSING_GROUP, c -> {
                        SiteDirectoryHistory history = new SiteDirectoryHistory(c::eventStore,
                                projection.getObject());
                        var tokens = snapshots.tokenStore(c.serializer(), history::readFrom);
                        replica.reached(snapshots.restored());
                        return tokens;
                    }));
            configurer.onInitialize(c -> c.onStart(Phase.INBOUND_EVENT_CONNECTORS - 1, () -> {
                catchUp.drainedWhen(() -> c.eventProcessingConfiguration()
                        .eventProcessor(SiteDirectoryProjection.PROCESSING_GROUP, StreamingEventProcessor.class)
                        .map(processor -> !processor.processingStatus().isEmpty() && processor.processingStatus()
                                .values().stream().allMatch(EventTrackerStatus::isCaughtUp))
                        .orElse(false));
                replica.announce();
                catchUp.startedAt(c.eventStore().createHeadToken());
            }));
        };
    }

    /** Counted on both ports; the app exposes the counters as metrics. */
    @Bean
    SiteTraffic siteTraffic() {
        return new SiteTraffic();
    }

    @Bean
    SiteFiles siteFiles(BlobStore blobs, SiteServerProperties properties, SiteTraffic traffic) {
        return new SiteFiles(blobs, properties.siteServer().cacheBytes(), properties.siteServer().compressMaxBytes(),
                traffic);
    }

    @Bean
    SiteResponder siteResponder(SiteServerProperties properties, SiteDirectory directory, SiteFiles files,
            RateWindows windows, PreviewGrant grants, Clock clock) {
        return new SiteResponder(new SiteAddress(properties.siteHost()), directory, files, new SiteGate(windows),
                new SitePreviews(grants, properties.previews(), properties.secure(), clock),
                properties.siteServer().rulesCacheBytes());
    }

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
