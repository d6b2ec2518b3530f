package io.sites.app.blobs;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.sites.api.blob.BlobSweep;
import io.sites.command.remote.StoredBlobs;
import io.sites.replica.ReadModelWait;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.serialization.Serializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * One round of blob collection: take the lease, make sure the read model has every event stored so far (the mark
 * reads it), adopt blobs the store holds without a row, then doom and remove each blob untouched for the grace
 * period that nothing retained refers to. A page (1,000 digests) at a time, on the caller's thread (the
 * {@link BlobCollection} timer, never a serving thread). Figures go to metrics and one log line.
 */
@Component
public class BlobCollector {
    private static final Logger log = LoggerFactory.getLogger(BlobCollector.class);
    private static final int PAGE = 1000;
    private static final Duration READ_MODEL_WAIT = Duration.ofSeconds(30);
    private static final String READ_MODEL = "read-model";

    private final StoredBlobs storedBlobs;
    private final BlobMarks marks;
    private final BlobLease lease;
    private final BlobSweep sweep;
    private final EventStore events;
    private final ReadModelWait readModel;
    private final Clock clock;
    private final Duration grace;
    private final Duration leaseLength;
    private final Counter removed;
    private final Counter adopted;
    private final Timer rounds;
    private final AtomicLong stored = new AtomicLong();

    BlobCollector(StoredBlobs storedBlobs, BlobMarks marks, BlobLease lease, BlobSweep sweep, EventStore events,
            JdbcTemplate jdbc, Serializer serializer, Clock clock, MeterRegistry registry,
            @Value("${sites.blob-collection.lease:PT5M}") Duration leaseLength) {
        this.leaseLength = leaseLength;
        this.storedBlobs = storedBlobs;
        this.marks = marks;
        this.lease = lease;
        this.sweep = sweep;
        this.events = events;
        this.readModel = new ReadModelWait(jdbc, serializer);
        this.clock = clock;
        this.grace = storedBlobs.grace(); // the touch's shortcut depends on it: one setting for both
        this.removed = Counter.builder("sites.blobs.collected").baseUnit("blobs")
                .description("Blobs removed from the store by the collector").register(registry);
        this.adopted = Counter.builder("sites.blobs.adopted").baseUnit("blobs")
                .description("Blobs the collector found in the store without a row").register(registry);
        this.rounds = Timer.builder("sites.blobs.collection").description("Rounds of blob collection")
                .register(registry);
        registry.gauge("sites.blobs.stored", stored);
    }

    /** What one round did; {@code skipped} names why it did nothing, else null. */
    public record Round(String skipped, long listed, long adopted, long unreferenced, long doomed, long removed,
            long kept, long millis) {
        static Round skipped(String why) {
            return new Round(why, 0, 0, 0, 0, 0, 0, 0);
        }
    }

    /** One round, now. */
    public Round collect() {
        if (!lease.hold(leaseLength)) {
            return Round.skipped("another collector holds the lease");
        }
        try {
            return rounds.recordCallable(this::round);
        } catch (Exception failed) {
            throw failed instanceof RuntimeException runtime ? runtime : new IllegalStateException(failed);
        } finally {
            lease.release();
        }
    }

    private Round round() throws IOException {
        long started = System.nanoTime();
        Instant now = clock.instant();
        if (marks.readModelFrozen()) {
            return Round.skipped("the read model is being rebuilt");
        }
        TrackingToken head = events.createHeadToken();
        long position = head == null ? -1 : head.position().orElse(-1);
        if (position >= 0 && !readModel.awaitAll(READ_MODEL, position,
                System.nanoTime() + READ_MODEL_WAIT.toNanos())) {
            return Round.skipped("the read model is behind the event store");
        }
        long[] listed = {0};
        long newlyAdopted = adopt(listed);
        Instant cutoff = now.minus(grace);
        long unreferenced = 0;
        long gone = 0;
        long doomed = 0;
        long kept = 0;
        String after = "";
        List<String> page;
        do {
            page = marks.unreferenced(cutoff, now, after, PAGE);
            for (String sha : page) {
                unreferenced++;
                // Doomed in one round, removed in a later one: that round's mark has every version that touched
                // the blob before the doom committed (docs/ARCHITECTURE.md, "The life of a blob").
                if (storedBlobs.doomed(sha)) {
                    if (storedBlobs.collect(sha, cutoff, now, sweep::delete)) {
                        gone++;
                        removed.increment();
                    } else {
                        kept++; // touched since, or doomed by a collector running beside this one
                    }
                } else if (storedBlobs.doom(sha, cutoff)) {
                    doomed++;
                } else {
                    kept++; // touched since the page was read: a publish wants it
                }
            }
            if (!page.isEmpty()) {
                after = page.getLast();
                lease.hold(leaseLength);
            }
        } while (page.size() == PAGE);
        stored.set(marks.storedRows());
        long millis = (System.nanoTime() - started) / 1_000_000;
        Round round = new Round(null, listed[0], newlyAdopted, unreferenced, doomed, gone, kept, millis);
        // A round that found nothing to do says so at DEBUG only: a quiet service logs nothing every hour.
        boolean eventful = newlyAdopted > 0 || unreferenced > 0;
        String line = "Blob collection: {} blobs in the store, {} adopted, {} unreferenced for {}, {} doomed, {} removed,"
                + " {} kept (touched meanwhile), in {} ms";
        Object[] figures = {listed[0], newlyAdopted, unreferenced, grace, doomed, gone, kept, millis};
        if (eventful) {
            log.info(line, figures);
        } else {
            log.debug(line, figures);
        }
        return round;
    }

    /** Lists the store and gives a row (born now) to every blob without one, a page at a time. */
    private long adopt(long[] listed) throws IOException {
        List<String> batch = new ArrayList<>(PAGE);
        long[] count = {0};
        try {
            sweep.forEachDigest(sha -> {
                listed[0]++;
                batch.add(sha);
                if (batch.size() == PAGE) {
                    count[0] += adoptBatch(batch);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        count[0] += adoptBatch(batch);
        return count[0];
    }

    private long adoptBatch(List<String> batch) {
        if (batch.isEmpty()) {
            return 0;
        }
        int count = storedBlobs.adopt(batch);
        adopted.increment(count);
        batch.clear();
        lease.hold(leaseLength);
        return count;
    }
}
