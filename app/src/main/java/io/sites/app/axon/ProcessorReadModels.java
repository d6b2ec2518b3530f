package io.sites.app.axon;

import io.sites.api.id.WebsiteId;
import io.sites.app.roles.ConditionalOnRole;
import io.sites.app.roles.ServiceRole;
import io.sites.command.publish.ReadModels;
import io.sites.query.website.TrackingPositions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.TransactionException;

/**
 * Read-your-writes without giving up event-driven projections: after a command, look up the global position of
 * the website's newest event and wait, bounded, until every streaming processor has handled it in the segment that
 * handles the website (this process's, or, where another API replica owns that segment, as the shared token store
 * shows it), then until every other live site replica serves it ({@link SiteReplicaWait}).
 */
@Component
@ConditionalOnRole(ServiceRole.API)
@EnableConfigurationProperties(ReadModelProperties.class)
class ProcessorReadModels implements ReadModels {
    private static final Logger log = LoggerFactory.getLogger(ProcessorReadModels.class);
    /** Polling the shared tokens (a few rows) while a write waits: a trigger on every token update would be noisier. */
    private static final long SHARED_POLL_NANOS = 10_000_000L;
    private final EventProcessingConfiguration processing;
    private final JdbcTemplate jdbc;
    private final SharedTokens sharedTokens;
    private final SiteReplicaWait replicas;
    private final Duration timeout;

    ProcessorReadModels(EventProcessingConfiguration processing, JdbcTemplate jdbc, SharedTokens sharedTokens,
            SiteReplicaWait replicas, ReadModelProperties properties) {
        this.processing = processing;
        this.jdbc = jdbc;
        this.sharedTokens = sharedTokens;
        this.replicas = replicas;
        this.timeout = properties.readYourWritesTimeout();
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
        List<StreamingEventProcessor> processors = processing.eventProcessors().values().stream()
                .filter(StreamingEventProcessor.class::isInstance).map(StreamingEventProcessor.class::cast)
                .toList();
        long deadline = System.nanoTime() + timeout.toNanos();
        for (StreamingEventProcessor processor : processors) {
            if (!await(processor, websiteId.value(), position, deadline)) {
                log.warn("Projection {} has not reached event {} of {} after {}; answering anyway",
                        processor.getName(), position, websiteId, timeout);
                return;
            }
        }
        replicas.await(position, deadline, timeout);
    }

    /**
     * Waits for the one segment that handles the website's events (processors sequence per aggregate, so no other
     * segment writes its rows). Not for every segment: Axon's tracking processor keeps the position of events a
     * segment ignores in memory and stores it only when its wait for further events runs out (a second), so with
     * segments on another replica, waiting for all of them made every publish take about a second.
     */
    private boolean await(StreamingEventProcessor processor, String website, long position, long deadline) {
        while (true) {
            Optional<EventTrackerStatus> local = processor.processingStatus().values().stream()
                    .filter(status -> SharedTokens.handles(status.getSegment(), website)).findFirst();
            if (local.isPresent() ? TrackingPositions.covers(local.get().getTrackingToken(), position)
                    : sharedTokens.cover(processor.getName(), website, position)) {
                return true;
            }
            if (System.nanoTime() > deadline) {
                return false;
            }
            LockSupport.parkNanos(local.isPresent() ? 200_000 : SHARED_POLL_NANOS);
        }
    }
}
