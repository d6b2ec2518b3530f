package io.sites.site;

import java.util.OptionalLong;
import org.axonframework.eventhandling.TrackingToken;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells when a starting replica's {@link SiteDirectory} holds every event the store held when the replica started
 * (its head then), so that the site server answers 503 instead of 404 for versions it has not read yet. Once caught
 * up it stays so: later events are new publishes, which a replica serves as soon as it reads them, as always.
 */
final class SiteDirectoryCatchUp {
    private static final Logger log = LoggerFactory.getLogger(SiteDirectoryCatchUp.class);
    private final long created = System.nanoTime();
    private final SiteDirectory directory;
    private volatile boolean headKnown;
    private volatile long head;
    private volatile long reached = -1;

    SiteDirectoryCatchUp(SiteDirectory directory) {
        this.directory = directory;
    }

    /** The store's head when the replica starts, before the projection reads; null when the store is empty. */
    void startedAt(TrackingToken headToken) {
        head = headToken == null ? -1 : position(headToken);
        headKnown = true;
        check();
    }

    /** Where the projection is: its snapshot's token, then every event's, handled or not. */
    void reached(TrackingToken token) {
        if (token != null && !directory.isCaughtUp()) {
            reached = Math.max(reached, position(token));
            check();
        }
    }

    private void check() {
        if (headKnown && reached >= head && !directory.isCaughtUp()) {
            directory.caughtUp();
            log.info("Site directory caught up with the event store's head at start (position {}) after {} ms",
                    head, (System.nanoTime() - created) / 1_000_000);
        }
    }

    /**
     * A token's global position. Only the position counts: a gap below it (an append rolled back, or one still in
     * flight when the replica started) was never acknowledged before the start.
     */
    private static long position(TrackingToken token) {
        OptionalLong position = token.position();
        if (position.isEmpty()) {
            throw new IllegalStateException("The site directory needs an event store with positions, not " + token);
        }
        return position.getAsLong();
    }
}
