package io.sites.app.axon;

import io.sites.api.WebsiteId;
import io.sites.app.roles.ConditionalOnRole;
import io.sites.app.roles.Role;
import io.sites.command.publish.ReadModels;
import io.sites.query.website.TrackingPositions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Read-your-writes without giving up event-driven projections: after a command, look up the global position of
 * the website's newest event and wait, bounded, until every streaming processor of this process has handled it
 * (for a processor whose segments other API replicas share, until the shared token store shows every segment past
 * it), then until every other live site replica serves it ({@link SiteReplicaWait}).
 */
@Component
@ConditionalOnRole(Role.API)
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

    @Override
    public void awaitWebsite(WebsiteId websiteId) {
        Long position = jdbc.queryForObject(
                "select max(globalindex) from domainevententry where aggregateidentifier = ?", Long.class,
                websiteId.value());
        if (position == null) {
            return;
        }
        List<StreamingEventProcessor> processors = processing.eventProcessors().values().stream()
                .filter(StreamingEventProcessor.class::isInstance).map(StreamingEventProcessor.class::cast)
                .toList();
        long deadline = System.nanoTime() + timeout.toNanos();
        for (StreamingEventProcessor processor : processors) {
            if (!await(processor, position, deadline)) {
                // The version is stored and acknowledged; failing the request now would invite a duplicate.
                log.warn("Projection {} has not reached event {} of {} after {}; answering anyway",
                        processor.getName(), position, websiteId, timeout);
                return;
            }
        }
        replicas.await(position, deadline, timeout);
    }

    private boolean await(StreamingEventProcessor processor, long position, long deadline) {
        int segments = segments(processor);
        while (!hasHandled(processor, position, segments)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            LockSupport.parkNanos(processor.processingStatus().size() < segments ? SHARED_POLL_NANOS : 200_000);
        }
        return true;
    }

    /** How many segments the processor has in all: in the shared token store, or (its own store) those it runs. */
    private int segments(StreamingEventProcessor processor) {
        return processing.tokenStore(processor.getName()).fetchSegments(processor.getName()).length;
    }

    private boolean hasHandled(StreamingEventProcessor processor, long position, int segments) {
        var statuses = processor.processingStatus().values();
        if (statuses.size() < segments) {
            // Other replicas own some segments: the shared store tells for all of them.
            return sharedTokens.cover(processor.getName(), position);
        }
        if (statuses.isEmpty()) {
            return false;
        }
        for (EventTrackerStatus status : statuses) {
            if (!TrackingPositions.covers(status.getTrackingToken(), position)) {
                return false;
            }
        }
        return true;
    }
}
