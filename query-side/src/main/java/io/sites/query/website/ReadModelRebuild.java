package io.sites.query.website;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.axonframework.common.stream.BlockingStream;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventhandling.tokenstore.TokenStore;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A rebuild's way through the history: the event store's stream read once, each event applied by the projection's
 * own handlers in transactions of {@value #EVENTS_PER_TRANSACTION}, and the position reached given to every segment
 * of the processor, which goes on from there. The tracking processor's replay read the whole stream once per segment
 * and spent most of its time in its per-event machinery (unit of work, interceptors, handler resolution): about 5k
 * events/s (bench/replay). Each transaction is a unit of work, so the owner counts add up per transaction as they do
 * per processor batch. A replica that dies half-way leaves the tokens at the replay's start: the processor's replay
 * then goes over the history again, and the handlers, idempotent, leave the same model.
 */
final class ReadModelRebuild {
    static final int EVENTS_PER_TRANSACTION = 1_000;
    private static final Logger log = LoggerFactory.getLogger(ReadModelRebuild.class);

    private final EventStore events;
    private final WebsiteProjection projection;
    private final TransactionManager transactions;

    ReadModelRebuild(EventStore events, WebsiteProjection projection, TransactionManager transactions) {
        this.events = events;
        this.projection = projection;
        this.transactions = transactions;
    }

    /**
     * Applies the whole history and sets every segment's token of {@code processor} in {@code tokens} to its last
     * event. The processor must be stopped; its tokens unclaimed.
     */
    void run(String processor, TokenStore tokens) throws InterruptedException {
        long started = System.nanoTime();
        TrackingToken last = null;
        long read = 0;
        // One thread reads and deserializes the next transaction's events while another writes the last one: the
        // database works on the one's rows while the other's JSON is parsed.
        ExecutorService writer = Executors.newSingleThreadExecutor(
                runnable -> Thread.ofPlatform().name("read-model-rebuild-writer").daemon().unstarted(runnable));
        try (BlockingStream<TrackedEventMessage<?>> stream = events.openStream(null)) {
            Future<?> writing = null;
            List<TrackedEventMessage<?>> batch = new ArrayList<>(EVENTS_PER_TRANSACTION);
            while (stream.hasNextAvailable()) {
                batch.add(read(stream.nextAvailable()));
                if (batch.size() == EVENTS_PER_TRANSACTION || !stream.hasNextAvailable()) {
                    await(writing);
                    List<TrackedEventMessage<?>> full = batch;
                    writing = writer.submit(() -> apply(full));
                    last = full.getLast().trackingToken();
                    read += full.size();
                    batch = new ArrayList<>(EVENTS_PER_TRANSACTION);
                }
            }
            await(writing);
        } finally {
            writer.shutdownNow();
        }
        if (last != null) {
            TrackingToken reached = last;
            transactions.executeInTransaction(() -> {
                for (int segment : tokens.fetchSegments(processor)) {
                    tokens.storeToken(reached, processor, segment);
                    tokens.releaseClaim(processor, segment);
                }
            });
        }
        log.info("Read model history applied: {} events in {} ms, up to {}", read,
                (System.nanoTime() - started) / 1_000_000, last);
    }

    /** The event with what the projection will read of it already parsed, on the reading thread. */
    private static TrackedEventMessage<?> read(TrackedEventMessage<?> event) {
        if (WebsiteProjection.EVENTS.contains(event.getPayloadType())) {
            event.getPayload();
            event.getTimestamp();
        }
        return event;
    }

    private static void await(Future<?> writing) throws InterruptedException {
        if (writing == null) {
            return;
        }
        try {
            writing.get();
        } catch (ExecutionException failed) {
            throw failed.getCause() instanceof RuntimeException runtime ? runtime
                    : new IllegalStateException(failed.getCause());
        }
    }

    private void apply(List<TrackedEventMessage<?>> batch) {
        UnitOfWork<?> unit = DefaultUnitOfWork.startAndGet(batch.getFirst());
        unit.attachTransaction(transactions);
        unit.execute(() -> batch.forEach(projection::apply));
    }
}
