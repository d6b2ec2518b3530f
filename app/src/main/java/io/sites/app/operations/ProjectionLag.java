package io.sites.app.operations;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.OptionalLong;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * {@code sites.projection.lag} (tag {@code processor}): how many events each streaming processor of this process
 * is behind the event store's head, read when scraped. The head is one query, made at most once a second however
 * many processors and scrapers ask; a processor that holds no segment here (another replica has the read model's
 * claim) shows no value (NaN), not a lag.
 */
@Component
class ProjectionLag {
    static final String NAME = "sites.projection.lag";
    private static final long HEAD_FRESH_NANOS = 1_000_000_000L;

    private final EventProcessingConfiguration processing;
    private final EventStore store;
    private final MeterRegistry registry;
    private long headReadAt;
    private long head;
    private boolean headRead;

    ProjectionLag(EventProcessingConfiguration processing, EventStore store, MeterRegistry registry) {
        this.processing = processing;
        this.store = store;
        this.registry = registry;
    }

    /** Once the processors exist: Axon builds them when the application starts, after the meter binders ran. */
    @EventListener(ApplicationReadyEvent.class)
    void register() {
        processing.eventProcessors().forEach((name, processor) -> {
            if (processor instanceof StreamingEventProcessor streaming) {
                Gauge.builder(NAME, streaming, this::lag).tag("processor", name).baseUnit("events")
                        .description("Events in the store this processor has not handled yet").register(registry);
            }
        });
    }

    double lag(StreamingEventProcessor processor) {
        long lowest = Long.MAX_VALUE;
        for (EventTrackerStatus status : processor.processingStatus().values()) {
            OptionalLong position = status.getCurrentPosition();
            lowest = Math.min(lowest, position.orElse(-1));
        }
        if (lowest == Long.MAX_VALUE) {
            return Double.NaN;
        }
        return Math.max(0, head() - lowest);
    }

    private synchronized long head() {
        long now = System.nanoTime();
        if (!headRead || now - headReadAt >= HEAD_FRESH_NANOS) {
            TrackingToken token = store.createHeadToken();
            head = token == null ? -1 : token.position().orElse(-1);
            headReadAt = now;
            headRead = true;
        }
        return head;
    }
}
