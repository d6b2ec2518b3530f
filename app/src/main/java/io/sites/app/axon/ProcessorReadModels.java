package io.sites.app.axon;

import io.micrometer.core.instrument.MeterRegistry;
import io.sites.api.id.WebsiteId;
import io.sites.app.roles.ConditionalOnRole;
import io.sites.app.roles.ServiceRole;
import io.sites.command.publish.ReadModels;
import io.sites.replica.ReadModelWait;
import io.sites.replica.ReplicaInstances;
import io.sites.replica.SiteReplicaWait;
import io.sites.replica.purge.CachePurge;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.serialization.Serializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.TransactionException;

/**
 * Read-your-writes without giving up event-driven projections: after a command, look up the global position of
 * the website's newest event and wait, bounded, until every streaming processor that keeps a read model (not the
 * webhooks' outbox) has handled it in the segment that handles the website ({@link ReadModelWait}), then until
 * every other live site replica serves it
 * ({@link SiteReplicaWait}). Both waits are the replicas module's; this is the command side's port to them.
 */
@Component
@ConditionalOnRole(ServiceRole.API)
@EnableConfigurationProperties({ReadModelProperties.class, CachePurgeProperties.class})
class ProcessorReadModels implements ReadModels {
    private static final Logger log = LoggerFactory.getLogger(ProcessorReadModels.class);
    /**
     * Processors that tell the outside world rather than keep something a read shows: a write's answer never waits
     * for them. The webhooks' outbox is recorded within seconds anyway; waiting for it made every publish hang for the
     * whole timeout whenever it could not keep up (docs/DECISIONS.md, "Webhooks").
     */
    private static final Set<String> TELLS_OTHERS = Set.of("webhooks");
    private final EventProcessingConfiguration processing;
    private final JdbcTemplate jdbc;
    private final ReadModelWait readModel;
    private final SiteReplicaWait replicas;
    private final Duration timeout;
    private final CachePurge purge;

    ProcessorReadModels(EventProcessingConfiguration processing, JdbcTemplate jdbc, Serializer serializer,
            MeterRegistry registry, ReplicaInstances instances, DatabaseNotifications notifications,
            ReadModelProperties properties, CachePurgeProperties cache) {
        this.processing = processing;
        this.jdbc = jdbc;
        this.readModel = new ReadModelWait(jdbc, serializer);
        this.replicas = new SiteReplicaWait(jdbc, registry, instances, notifications.pushes(),
                properties.replicas().aliveWithin());
        notifications.on(DatabaseNotifications.REPLICAS, replicas::moved);
        this.timeout = properties.readYourWritesTimeout();
        this.purge = CachePurge.of(cache.settings(), registry);
    }

    /**
     * Gives up with a warning, never an error, when the wait runs out or the database cannot answer it: the write
     * is stored and acknowledged, and failing the request now would invite the client to repeat it.
     */
    @Override
    public void awaitWebsite(WebsiteId websiteId) {
        try {
            awaitStored(websiteId);
        } catch (DataAccessException | TransactionException unknown) {
            log.warn("Could not tell whether the projections have {}'s newest event; answering anyway: {}",
                    websiteId, unknown.toString());
        }
        // Last: once every live replica serves the new version, a cache that fetches again gets it, not the old one.
        purge.purge(CachePurge.siteTag(websiteId.value()));
    }

    private void awaitStored(WebsiteId websiteId) {
        // The newest by sequence number, one step down the (aggregate, sequence) index; max(globalindex) read every
        // event of the website, which grows with its history.
        Long position = jdbc.query("select globalindex from domainevententry where aggregateidentifier = ?"
                + " order by sequencenumber desc limit 1", rows -> rows.next() ? rows.getLong(1) : null,
                websiteId.value());
        if (position == null) {
            return;
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        if (!awaitProcessors(websiteId, position, deadline)) {
            return;
        }
        replicas.await(position, deadline, timeout);
    }

    @Override
    public boolean awaitEvent(WebsiteId websiteId, long position, Duration within) {
        try {
            return awaitProcessors(websiteId, position, System.nanoTime() + within.toNanos());
        } catch (DataAccessException | TransactionException unknown) {
            return false;
        }
    }

    private boolean awaitProcessors(WebsiteId websiteId, long position, long deadline) {
        List<StreamingEventProcessor> processors = processing.eventProcessors().values().stream()
                .filter(StreamingEventProcessor.class::isInstance).map(StreamingEventProcessor.class::cast)
                .filter(processor -> !TELLS_OTHERS.contains(processor.getName())).toList();
        for (StreamingEventProcessor processor : processors) {
            if (!readModel.await(processor, websiteId.value(), position, deadline)) {
                log.warn("Projection {} has not reached event {} of {} in time; going on without it",
                        processor.getName(), position, websiteId);
                return false;
            }
        }
        return true;
    }
}
