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
 * the website's newest event and wait, bounded, until every streaming processor of this process has handled it.
 */
@Component
@ConditionalOnRole(Role.API)
@EnableConfigurationProperties(ReadModelProperties.class)
class ProcessorReadModels implements ReadModels {
    private static final Logger log = LoggerFactory.getLogger(ProcessorReadModels.class);
    private final EventProcessingConfiguration processing;
    private final JdbcTemplate jdbc;
    private final Duration timeout;

    ProcessorReadModels(EventProcessingConfiguration processing, JdbcTemplate jdbc,
            ReadModelProperties properties) {
        this.processing = processing;
        this.jdbc = jdbc;
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
            while (!hasHandled(processor, position)) {
                if (System.nanoTime() > deadline) {
                    // The version is stored and acknowledged; failing the request now would invite a duplicate.
                    log.warn("Projection {} has not reached event {} of {} after {}; answering anyway",
                            processor.getName(), position, websiteId, timeout);
                    return;
                }
                LockSupport.parkNanos(200_000);
            }
        }
    }

    private static boolean hasHandled(StreamingEventProcessor processor, long position) {
        var statuses = processor.processingStatus().values();
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
