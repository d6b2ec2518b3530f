package io.sites.query.website;

import io.sites.replica.TrackingPositions;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Rebuilds the read model from the event store while every replica keeps answering from a complete model: the
 * tables are copied aside and reads switch to the copy ({@link ReadTables}), the processor's tokens are reset (its
 * reset handler empties the live tables), the history is applied by reading the stream once ({@link
 * ReadModelRebuild}) and the processor goes on from where that ended; once it has passed the last event that existed
 * when the replay began, reads switch back and the copy is dropped. Reads during the rebuild do not see newer
 * writes. Another processor named to replay is reset and replays as Axon replays.
 */
@Component
public class ReadModelReplay {
    private static final String READ_MODEL = WebsiteProjection.PROCESSING_GROUP;
    private static final Logger log = LoggerFactory.getLogger(ReadModelReplay.class);
    private static final Duration POLL = Duration.ofMillis(100);
    /** How long a stopped processor's statuses may linger: 30 s. */
    private static final int STATUS_WAITS = 300;

    private final EventProcessingConfiguration processing;
    private final ReadTables tables;
    private final JdbcTemplate jdbc;
    private final ReadModelRebuild rebuild;
    private volatile boolean started;
    /** A rebuild this process watches: the replay command's own, which the resume at start must not watch again. */
    private final AtomicBoolean thawing = new AtomicBoolean();

    ReadModelReplay(EventProcessingConfiguration processing, ReadTables tables, JdbcTemplate jdbc, EventStore events,
            WebsiteProjection projection, TransactionManager transactions) {
        this.processing = processing;
        this.tables = tables;
        this.jdbc = jdbc;
        this.rebuild = new ReadModelRebuild(events, projection, transactions);
    }

    public void replay(String processorName) throws InterruptedException {
        StreamingEventProcessor processor = processor(processorName);
        if (!processor.supportsReset()) {
            throw new IllegalArgumentException("Processor " + processorName + " cannot be replayed.");
        }
        boolean readModel = READ_MODEL.equals(processorName);
        long head = head();
        if (readModel) {
            tables.freeze();
        }
        log.info("Replaying {} from the start of the event store (up to event {})", processorName, head);
        started = true;
        processor.shutDown();
        // The stopped workers' statuses linger a moment; read as the replay's, they said "caught up" at once when
        // the model was current, and reads went back to tables still being rebuilt (bench/replay, second round).
        for (int wait = 0; !processor.processingStatus().isEmpty() && wait < STATUS_WAITS; wait++) {
            Thread.sleep(POLL);
        }
        processor.resetTokens();
        if (readModel) {
            rebuildThenThaw(processor, head);
        } else {
            processor.start();
        }
    }

    /** For the read model: true until the rebuild has caught up and reads are back on the live tables. */
    public boolean isReplaying(String processorName) {
        return READ_MODEL.equals(processorName) ? tables.isFrozen() : processor(processorName).isReplaying();
    }

    /** A replica that stopped in the middle of a rebuild finishes it: reads stay on the copy until then. */
    @EventListener(ApplicationReadyEvent.class)
    void resumeInterruptedReplay() {
        // Not the replay this process was started for (it runs before the application is ready): that one thaws.
        if (tables.isFrozen() && !started && !thawing.get()) {
            log.info("The read model was being rebuilt when a replica stopped; resuming");
            thawWhenCaughtUp(processor(READ_MODEL), head());
        }
    }

    /** In the background, so that the replica gets ready and answers from the copy meanwhile. */
    private void rebuildThenThaw(StreamingEventProcessor processor, long head) {
        thawing.set(true);
        Thread.ofVirtual().name("read-model-rebuild").start(() -> {
            try {
                rebuild.run(READ_MODEL, processing.tokenStore(READ_MODEL));
            } catch (InterruptedException stopping) {
                Thread.currentThread().interrupt();
                thawing.set(false);
                return;
            } catch (RuntimeException failed) {
                // The tokens still say "replay from the start": the processor does the rest, as it would have.
                log.warn("The read model's history could not be applied directly; the processor replays it", failed);
            }
            processor.start();
            awaitThenThaw(processor, head);
        });
    }

    private void thawWhenCaughtUp(StreamingEventProcessor processor, long head) {
        if (!thawing.compareAndSet(false, true)) {
            return;
        }
        Thread.ofVirtual().name("read-model-thaw").start(() -> awaitThenThaw(processor, head));
    }

    private void awaitThenThaw(StreamingEventProcessor processor, long head) {
        try {
            while (!caughtUp(processor, head)) {
                Thread.sleep(POLL);
            }
            tables.thaw();
            log.info("Read model rebuilt; reads are back on the live tables");
        } catch (InterruptedException stopping) {
            Thread.currentThread().interrupt();
        } finally {
            thawing.set(false);
        }
    }

    /**
     * Every segment claimed and past the newest event of when the replay began. Not Axon's replaying flag: that
     * stays up until an event newer than the reset point arrives, which on a quiet system may take forever.
     */
    private static boolean caughtUp(StreamingEventProcessor processor, long head) {
        var statuses = processor.processingStatus().values();
        if (statuses.isEmpty()) {
            return false;
        }
        for (EventTrackerStatus status : statuses) {
            if (head >= 0 && !TrackingPositions.covers(status.getTrackingToken(), head)) {
                return false;
            }
        }
        return true;
    }

    private long head() {
        Long head = jdbc.queryForObject("select max(globalindex) from domainevententry", Long.class);
        return head == null ? -1 : head;
    }

    private StreamingEventProcessor processor(String name) {
        return processing.eventProcessor(name, StreamingEventProcessor.class).orElseThrow(
                () -> new IllegalArgumentException("No streaming event processor named '" + name + "'."));
    }
}
