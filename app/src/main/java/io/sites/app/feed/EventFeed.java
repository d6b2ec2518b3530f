package io.sites.app.feed;

import io.sites.api.id.AccountId;
import io.sites.app.usecases.ReadOperations;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The live feed's one entry: opens a stream for a caller after the checks every adapter shares (a website is seen
 * by its owners and editors, else the reads' 404; a cursor is one this feed wrote, else 400; at most
 * {@code sites.feed.streams-per-account} open streams per account on this replica, else 429), all before a byte of
 * the stream is sent. Stopping the service ends every stream first, so they never hold up the graceful shutdown.
 */
@Component
@EnableConfigurationProperties(FeedProperties.class)
public class EventFeed implements SmartLifecycle {
    static final int PROBE_MILLIS = 300;
    private final ReadOperations reads;
    private final FeedProperties properties;
    private final FeedStream.Parts parts;
    private final Map<AccountId, Integer> open = new ConcurrentHashMap<>();
    private final Set<FeedStream> streams = ConcurrentHashMap.newKeySet();
    private volatile boolean running;

    EventFeed(ReadOperations reads, FeedProperties properties, FeedReader reader, EventStorageEngine storage,
            FeedAudiences audiences, FeedJson json) {
        this.reads = reads;
        this.properties = properties;
        this.parts = new FeedStream.Parts(reader, storage, audiences, json, properties);
    }

    /**
     * Opens a stream of the website's events ({@code websiteId}), or of every website the caller owns or edits (null),
     * from the cursor {@code lastEventId} (a reconnecting client's), else {@code after}, else from now. Answers what
     * the adapter calls once the response is over by the container's doing (the client went away, a timeout). Throws what reads throw for the website and the cursor, and
     * {@link TooManyStreamsException}.
     */
    public Runnable open(AccountId caller, String websiteId, String after, String lastEventId, FeedSink sink) {
        if (websiteId != null) {
            reads.getHistory(caller, websiteId, "1", null);
        }
        GapAwareTrackingToken from = lastEventId != null && !lastEventId.isBlank()
                ? FeedCursor.decode(lastEventId.strip(), "Last-Event-ID")
                : after != null ? FeedCursor.decode(after, "after") : null;
        int limit = properties.streamsPerAccount();
        if (open.getOrDefault(caller, 0) >= limit) {
            probe(caller, limit);
        }
        if (open.merge(caller, 1, Integer::sum) > limit) {
            release(caller);
            throw new TooManyStreamsException(limit);
        }
        FeedStream[] self = new FeedStream[1];
        FeedStream stream = new FeedStream(parts, caller, websiteId, from, sink, () -> {
            release(caller);
            streams.remove(self[0]);
        });
        self[0] = stream;
        streams.add(stream);
        if (!running) {
            stream.close();
            return stream::clientGone;
        }
        stream.joinIfLive();
        Thread.ofVirtual().name("event-feed-stream").start(stream::run);
        return stream::clientGone;
    }

    /** How long the adapter's response may stay open: the stream's own end comes first. */
    public Duration maxDuration() {
        return properties.maxDuration().plusSeconds(30);
    }

    /**
     * At the cap, the account's streams are asked whether their clients are still there before the caller is
     * refused: a page left or a client killed is otherwise only noticed at the next heartbeats, and one person
     * moving between a website's pages would soon be refused. Waits at most {@value #PROBE_MILLIS} ms.
     */
    private void probe(AccountId caller, int limit) {
        streams.stream().filter(stream -> stream.isOf(caller)).forEach(FeedStream::probe);
        try {
            for (int waited = 0; waited < PROBE_MILLIS && open.getOrDefault(caller, 0) >= limit; waited += 10) {
                Thread.sleep(10);
            }
        } catch (InterruptedException stopping) {
            Thread.currentThread().interrupt();
        }
    }

    private void release(AccountId caller) {
        open.computeIfPresent(caller, (account, count) -> count > 1 ? count - 1 : null);
    }

    @Override
    public void start() {
        running = true;
    }

    /** Before the web server's graceful shutdown (a later phase stops first): open streams would hold it up. */
    @Override
    public void stop() {
        running = false;
        streams.forEach(FeedStream::close);
        parts.reader().stop();
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
