package io.sites.app.feed;

import io.sites.api.id.AccountId;
import io.sites.query.website.HistoryEntries;
import java.io.IOException;
import java.util.Iterator;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client's stream, on a virtual thread of its own (never a servlet thread; a quiet one is parked on its buffer).
 * From a cursor it first reads what it missed from the store (in the storage engine's pages), joins the reader,
 * reads the store once more up to the head, then sends the reader's events that its position does not cover yet:
 * in order, nothing missed, nothing twice. A full buffer (a client slower than the events) ends it; the client
 * resumes from the last id it got. It also ends after {@code maxDuration}, so a revoked token stops listening.
 */
final class FeedStream {
    private static final Logger log = LoggerFactory.getLogger(FeedStream.class);
    /** Put in the buffer to have the stream write at once and learn whether its client is still there. */
    private static final FeedEvent PROBE = new FeedEvent(null, -1, null, null);
    /** How long a stream from now waits for the reader to pass the store's head at its opening. */
    private static final java.time.Duration HEAD_WAIT = java.time.Duration.ofSeconds(2);

    record Parts(FeedReader reader, org.axonframework.eventsourcing.eventstore.EventStorageEngine storage,
            FeedAudiences audiences, FeedJson json, FeedProperties properties) {
    }

    private final Parts parts;
    private final AccountId account;
    private final String websiteId;
    private final GapAwareTrackingToken after;
    private final FeedSink sink;
    private final Runnable released;
    private final BlockingQueue<FeedEvent> buffer;
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile boolean overflowed;
    private GapAwareTrackingToken joinedAt;
    private long headAtOpen = -1;

    FeedStream(Parts parts, AccountId account, String websiteId, GapAwareTrackingToken after, FeedSink sink,
            Runnable released) {
        this.parts = parts;
        this.account = account;
        this.websiteId = websiteId;
        this.after = after;
        this.sink = sink;
        this.released = released;
        this.buffer = new ArrayBlockingQueue<>(parts.properties().buffer());
    }

    /** Whether this stream shows the website's event to an audience of these accounts. */
    boolean wants(String website, Set<AccountId> audience) {
        return !closed.get() && (websiteId == null || websiteId.equals(website)) && audience.contains(account);
    }

    boolean isOf(AccountId caller) {
        return account.equals(caller);
    }

    /**
     * Asks the stream whether its client is still there: a client that went away is only noticed when written to,
     * twice (the first write to a closed connection is taken; its reset fails the second).
     */
    void probe() {
        buffer.offer(PROBE);
    }

    /** The reader's hand-over, which never waits: no room means the client is too slow. */
    void offer(FeedEvent event) {
        if (!buffer.offer(event)) {
            overflowed = true;
        }
    }

    /**
     * A stream from now joins the reader before its response starts, so whatever is stored once the client sees the
     * response open reaches it (a page acting in another tab right after its feed opened).
     */
    void joinIfLive() {
        if (after == null) {
            joinedAt = parts.reader().join(this);
            headAtOpen = parts.reader().headIndex();
        }
    }

    void run() {
        try {
            GapAwareTrackingToken position;
            if (after != null) {
                position = catchUp(after);
                parts.reader().join(this);
                position = catchUp(position);
            } else {
                // From now: past what was stored before the client asked, which the reader may still be reading
                // (its events reach this stream too, and the position covers them).
                position = FeedCursor.merge(joinedAt, parts.reader().positionReaching(headAtOpen, HEAD_WAIT));
            }
            // The resume point before any event: a client that drops now misses nothing.
            sink.send(FeedCursor.encode(position), null);
            long deadline = System.nanoTime() + parts.properties().maxDuration().toNanos();
            long heartbeat = parts.properties().heartbeat().toNanos();
            while (!closed.get()) {
                if (overflowed) {
                    sink.comment("too slow: reconnect with Last-Event-ID to read on from the store");
                    return;
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return;
                }
                FeedEvent event = buffer.poll(Math.min(heartbeat, left), TimeUnit.NANOSECONDS);
                if (event == null) {
                    sink.comment("keep-alive");
                } else if (event == PROBE) {
                    sink.comment("keep-alive");
                    Thread.sleep(20);
                    sink.comment("keep-alive");
                } else if (!(event.index >= 0 ? FeedCursor.covers(position, event.index)
                        : FeedCursor.merge(position, event.token).equals(position))) {
                    position = FeedCursor.merge(position, event.token);
                    sink.send(FeedCursor.encode(position), event.json(parts.json()));
                }
            }
        } catch (IOException | IllegalStateException gone) {
            // The container ends the response of a client that went away; ending it here too is an error of its own.
            log.debug("A feed client went away", gone);
            clientGone();
            return;
        } catch (InterruptedException stopping) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException failed) {
            log.warn("A live feed stream failed; its client resumes from its last id", failed);
        } finally {
            close();
        }
    }

    /** What the stream missed, read from the store from {@code from} to the head, in the storage engine's pages. */
    private GapAwareTrackingToken catchUp(GapAwareTrackingToken from) throws IOException {
        GapAwareTrackingToken position = from;
        try (Stream<? extends TrackedEventMessage<?>> events = parts.storage().readEvents(from, false)) {
            Iterator<? extends TrackedEventMessage<?>> iterator = events.iterator();
            while (iterator.hasNext() && !closed.get()) {
                TrackedEventMessage<?> message = iterator.next();
                position = (GapAwareTrackingToken) message.trackingToken();
                if (message instanceof DomainEventMessage<?> domain) {
                    String website = domain.getAggregateIdentifier();
                    // Who may see it is asked before the event is read: another account's events stay unread.
                    if ((websiteId == null || websiteId.equals(website))
                            && parts.audiences().of(website).contains(account)) {
                        var entry = HistoryEntries.of(domain);
                        if (entry.isPresent()) {
                            sink.send(FeedCursor.encode(position), new FeedEvent(website, -1, position,
                                    entry.get()).json(parts.json()));
                        }
                    }
                }
            }
        }
        return position;
    }

    /** Ends the stream and its response, once: the stream's own end, or the service stopping. */
    void close() {
        if (closed.compareAndSet(false, true)) {
            parts.reader().leave(this);
            released.run();
            sink.close();
        }
    }

    /** Ends the stream whose response is already over (the client went away, the container timed it out). */
    void clientGone() {
        if (closed.compareAndSet(false, true)) {
            parts.reader().leave(this);
            released.run();
        }
    }
}
