package io.sites.replica;

import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.serialization.Serializer;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The first half of read-your-writes: waits until a streaming processor has handled an event in the segment that
 * handles its aggregate, this process's own or, where another API replica owns that segment, as the shared token
 * store shows it ({@link SharedTokens}). The second half is {@link SiteReplicaWait}.
 */
public final class ReadModelWait {
    /** Polling the shared tokens (a few rows) while a write waits: a trigger on every token update would be noisier. */
    private static final long SHARED_POLL_NANOS = 10_000_000L;

    private final SharedTokens sharedTokens;

    public ReadModelWait(JdbcTemplate jdbc, Serializer serializer) {
        this.sharedTokens = new SharedTokens(jdbc, serializer);
    }

    /**
     * Waits for the one segment that handles the aggregate's events (processors sequence per aggregate, so no other
     * segment writes its rows), until the deadline (System.nanoTime); false if it ran out. Not for every segment:
     * Axon's tracking processor keeps the position of events a segment ignores in memory and stores it only when its
     * wait for further events runs out (a second), so with segments on another replica, waiting for all of them made
     * every publish take about a second.
     */
    public boolean await(StreamingEventProcessor processor, String aggregate, long position, long deadline) {
        while (true) {
            Optional<EventTrackerStatus> local = processor.processingStatus().values().stream()
                    .filter(status -> SharedTokens.handles(status.getSegment(), aggregate)).findFirst();
            if (local.isPresent() ? TrackingPositions.covers(local.get().getTrackingToken(), position)
                    : sharedTokens.cover(processor.getName(), aggregate, position)) {
                return true;
            }
            if (System.nanoTime() > deadline) {
                return false;
            }
            LockSupport.parkNanos(local.isPresent() ? 200_000 : SHARED_POLL_NANOS);
        }
    }

    /**
     * Waits until every segment of the processor, as the shared token store holds them, is past the position; false
     * if the deadline (System.nanoTime) came first or the thread was interrupted (a shutdown). For a reader of the
     * whole model (the blob collector's mark), not for a publish: an idle segment stores its position only when its
     * wait for events runs out (a second).
     */
    public boolean awaitAll(String processor, long position, long deadline) {
        while (!sharedTokens.coverAll(processor, position)) {
            if (System.nanoTime() > deadline || Thread.currentThread().isInterrupted()) {
                return false;
            }
            LockSupport.parkNanos(SHARED_POLL_NANOS * 10);
        }
        return true;
    }
}
