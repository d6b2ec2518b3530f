package io.sites.app.feed;

import io.sites.api.id.WebsiteId;
import io.sites.api.query.HistoryView;
import io.sites.command.publish.ReadModels;
import java.time.Duration;
import io.sites.query.website.HistoryEntries;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.common.stream.BlockingStream;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * The replica's one reader of new events for the feed, however many streams are open: a stream of the embedded
 * event store (whose single producer the database's notifications wake, so an append on any replica arrives at once,
 * and which never polls per stream), each website event handed to the streams that may see it. It only reads and
 * never blocks on a stream: a full buffer closes that stream. Started by the first stream, it follows from the head.
 * An event goes out once this replica's read models show it (bounded by {@link #SHOWN_WITHIN}): the event is stored
 * before the projections have it, and a client that reads on an event (a page refreshing its parts, an agent
 * fetching the website) would otherwise read what came before it and wait for nothing more.
 */
@Component
class FeedReader {
    private static final Logger log = LoggerFactory.getLogger(FeedReader.class);
    static final Duration SHOWN_WITHIN = Duration.ofSeconds(5);
    private static final long NOT_WAITING_FOR = Duration.ofMinutes(1).toNanos();

    private final EventStore store;
    private final FeedAudiences audiences;
    private final ReadModels readModels;
    private final Object lock = new Object();
    private final List<FeedStream> streams = new ArrayList<>();
    private GapAwareTrackingToken position;
    private Thread thread;
    private volatile boolean running;
    /** Only the reader's thread touches it. */
    private long waitAgainAt = System.nanoTime();

    FeedReader(EventStore store, FeedAudiences audiences, ObjectProvider<ReadModels> readModels) {
        this.store = store;
        this.audiences = audiences;
        this.readModels = readModels.getIfAvailable(ReadModels::none);
    }

    /**
     * The stream takes every event the reader passes from now on; answered with where the reader is, which the
     * stream's own position must cover before those events follow it without a gap.
     */
    GapAwareTrackingToken join(FeedStream stream) {
        synchronized (lock) {
            if (thread == null) {
                TrackingToken head = store.createHeadToken();
                position = head == null ? GapAwareTrackingToken.newInstance(-1, Set.of())
                        : (GapAwareTrackingToken) head;
                running = true;
                thread = Thread.ofPlatform().daemon().name("event-feed").start(this::read);
            }
            streams.add(stream);
            return position;
        }
    }

    /**
     * The store's head now: what a stream from now must not be sent, though the reader may not have read it yet (the
     * event an action stored just before its client opened the feed).
     */
    long headIndex() {
        TrackingToken head = store.createHeadToken();
        return head == null ? -1 : head.position().orElse(-1);
    }

    /**
     * The reader's position once it has read up to {@code index}, waiting at most {@code within} (the store wakes it
     * at each append); where it is then, if not. Gap-aware, so an event committed late below it still follows.
     */
    GapAwareTrackingToken positionReaching(long index, java.time.Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        synchronized (lock) {
            while (position.getIndex() < index && running && System.nanoTime() < deadline) {
                lock.wait(10);
            }
            return position;
        }
    }

    void leave(FeedStream stream) {
        synchronized (lock) {
            streams.remove(stream);
        }
    }

    /** The thread sees the flag within a second; it reads the database, so it is never interrupted. */
    void stop() {
        running = false;
    }

    private void read() {
        while (running) {
            TrackingToken from;
            synchronized (lock) {
                from = position;
            }
            try (BlockingStream<TrackedEventMessage<?>> events = store.openStream(from)) {
                while (running) {
                    if (events.hasNextAvailable(1, TimeUnit.SECONDS)) {
                        hand(events.nextAvailable());
                    }
                }
            } catch (InterruptedException stopping) {
                return;
            } catch (RuntimeException failed) {
                log.warn("The live feed's reader failed; it reads on from where it was in a second", failed);
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException stopping) {
                    return;
                }
            }
        }
    }

    private void hand(TrackedEventMessage<?> message) {
        GapAwareTrackingToken token = (GapAwareTrackingToken) message.trackingToken();
        List<FeedStream> listening;
        long index;
        synchronized (lock) {
            index = indexOf(position, token);
            position = token;
            listening = List.copyOf(streams);
        }
        if (!(message instanceof DomainEventMessage<?> domain)) {
            return;
        }
        String websiteId = domain.getAggregateIdentifier();
        if (listening.isEmpty()) {
            audiences.forget(websiteId);
            return;
        }
        Optional<HistoryView.Entry> entry = HistoryEntries.of(domain);
        var audience = audiences.follow(websiteId, domain.getPayload());
        if (entry.isEmpty()) {
            return;
        }
        List<FeedStream> wanting = listening.stream().filter(stream -> stream.wants(websiteId, audience)).toList();
        if (wanting.isEmpty()) {
            return;
        }
        awaitShown(websiteId, index >= 0 ? index : token.getIndex());
        FeedEvent event = new FeedEvent(websiteId, index, token, entry.get());
        wanting.forEach(stream -> stream.offer(event));
    }

    /**
     * Waits until the read models show the event; after a wait that ran out (a projection stopped or far behind),
     * the next minute's events go out without one, so a stuck projection delays the feed once, not at every event.
     */
    private void awaitShown(String websiteId, long position) {
        if (System.nanoTime() - waitAgainAt < 0 || !WebsiteId.isWellFormed(websiteId)) {
            return;
        }
        if (!readModels.awaitEvent(new WebsiteId(websiteId), position, SHOWN_WITHIN)) {
            waitAgainAt = System.nanoTime() + NOT_WAITING_FOR;
        }
    }

    /**
     * The event's own global index, which its token does not name when it filled a gap (the token's index is then
     * the highest seen): the index it went up to, or the one gap it closed; -1 where the storage engine also dropped
     * expired gaps in the same step, and the stream then compares whole tokens.
     */
    static long indexOf(GapAwareTrackingToken before, GapAwareTrackingToken after) {
        if (after.getIndex() > before.getIndex()) {
            return after.getIndex();
        }
        List<Long> closed = before.getGaps().stream().filter(gap -> !after.getGaps().contains(gap)).toList();
        return closed.size() == 1 ? closed.get(0) : -1;
    }
}
