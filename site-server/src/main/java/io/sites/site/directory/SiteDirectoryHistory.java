package io.sites.site.directory;

import java.util.function.Supplier;
import org.axonframework.common.stream.BlockingStream;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.messaging.StreamableMessageSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A starting replica's way through the history: the event store's stream read to its end, each event the directory
 * keeps applied as the projection applies it, the others skipped without reading their payload, and the token of
 * the last one handed to the processor to go on from. Without a unit of work, interceptors, a transaction and a
 * token per event (bench/replay measured the tracking processor at about 2.5k events/s, its time spread over that
 * machinery). It runs on the processor's thread, before the processor reads (see {@link SiteDirectorySnapshots}),
 * so the directory keeps one writer.
 */
final class SiteDirectoryHistory {
    private static final Logger log = LoggerFactory.getLogger(SiteDirectoryHistory.class);
    private final Supplier<StreamableMessageSource<TrackedEventMessage<?>>> events;
    private final SiteDirectoryProjection projection;

    SiteDirectoryHistory(Supplier<StreamableMessageSource<TrackedEventMessage<?>>> events,
            SiteDirectoryProjection projection) {
        this.events = events;
        this.projection = projection;
    }

    /** Reads every event after {@code from} (null: from the start); the token of the last one, or {@code from}. */
    TrackingToken readFrom(TrackingToken from) {
        long started = System.nanoTime();
        TrackingToken last = from;
        long read = 0;
        boolean applied = false;
        try (BlockingStream<TrackedEventMessage<?>> stream = events.get().openStream(from)) {
            while (stream.hasNextAvailable()) {
                TrackedEventMessage<?> event = stream.nextAvailable();
                if (SiteDirectoryProjection.applies(event.getPayloadType())) {
                    applied |= projection.apply(event.getPayload(), event.getTimestamp(),
                            SiteDirectoryProjection.sequence(event));
                }
                last = event.trackingToken();
                read++;
            }
        } catch (InterruptedException stopping) {
            Thread.currentThread().interrupt();
        }
        if (last != null) {
            // Told even when nothing followed the snapshot: a snapshot at the store's head is caught up now, not
            // when the processor's first empty poll (a second later) says so.
            projection.reached(last, applied);
        }
        log.info("Site directory read {} events of the history in {} ms, up to {}", read,
                (System.nanoTime() - started) / 1_000_000, last);
        return last;
    }
}
