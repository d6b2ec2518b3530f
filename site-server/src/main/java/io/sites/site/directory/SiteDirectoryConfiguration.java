package io.sites.site.directory;

import io.sites.api.blob.SnapshotStore;
import io.sites.site.SiteServerProperties;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.lifecycle.Phase;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Assembles the directory: the slug map, its snapshots, the projection's token store and the start-up catch-up. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SiteServerProperties.class)
class SiteDirectoryConfiguration {

    /**
     * The manifests are read from the event store: app's {@link SiteDirectory.PublishedManifests} reads the one
     * event (a batch of one row), else the store's aggregate stream from that event on is asked for its first.
     * Looked up on the first read, not now: the reader needs Axon's configuration, which needs this directory.
     */
    @Bean
    SiteDirectory siteDirectory(ObjectProvider<SiteDirectory.PublishedManifests> manifests,
            ObjectProvider<EventStore> events, SiteServerProperties properties) {
        java.util.function.Supplier<SiteDirectory.PublishedManifests> source = new java.util.function.Supplier<>() {
            private volatile SiteDirectory.PublishedManifests found;

            @Override
            public SiteDirectory.PublishedManifests get() {
                if (found == null) {
                    found = manifests.getIfAvailable(() -> SiteDirectory.PublishedManifests.fromEvents(
                            (websiteId, sequence) -> events.getObject().readEvents(websiteId, sequence)));
                }
                return found;
            }
        };
        return new SiteDirectory((websiteId, sequence) -> source.get().read(websiteId, sequence),
                properties.siteServer().manifestCacheBytes());
    }

    /** Kept beside the blobs, where any replica starting finds the newest one, whoever wrote it. */
    @Bean(destroyMethod = "close")
    SiteDirectorySnapshots siteDirectorySnapshots(SiteDirectory directory, SnapshotStore store,
            SiteServerProperties properties) {
        SiteServerProperties.Server server = properties.siteServer();
        return new SiteDirectorySnapshots(directory, store, server.replica(), server.snapshotInterval().toMillis());
    }

    @Bean
    SiteDirectoryCatchUp siteDirectoryCatchUp(SiteDirectory directory, DirectoryProgress progress) {
        return new SiteDirectoryCatchUp(directory, progress::startedUp);
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
            DirectoryProgress progress, ObjectProvider<SiteDirectoryProjection> projection) {
        return configurer -> {
            configurer.eventProcessing(processing -> processing.registerTokenStore(
                    SiteDirectoryProjection.PROCESSING_GROUP, c -> {
                        SiteDirectoryHistory history = new SiteDirectoryHistory(c::eventStore,
                                projection.getObject());
                        var tokens = snapshots.tokenStore(c.serializer(), history::readFrom);
                        progress.reached(snapshots.restored());
                        return tokens;
                    }));
            configurer.onInitialize(c -> c.onStart(Phase.INBOUND_EVENT_CONNECTORS - 1, () -> {
                catchUp.drainedWhen(() -> c.eventProcessingConfiguration()
                        .eventProcessor(SiteDirectoryProjection.PROCESSING_GROUP, StreamingEventProcessor.class)
                        .map(processor -> !processor.processingStatus().isEmpty() && processor.processingStatus()
                                .values().stream().allMatch(EventTrackerStatus::isCaughtUp))
                        .orElse(false));
                progress.announce();
                catchUp.startedAt(c.eventStore().createHeadToken());
            }));
        };
    }
}
