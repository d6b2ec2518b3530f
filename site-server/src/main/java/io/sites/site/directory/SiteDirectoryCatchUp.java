package io.sites.site.directory;

import java.util.OptionalLong;
import java.util.function.BooleanSupplier;
import org.axonframework.eventhandling.TrackingToken;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells when a starting replica's {@link SiteDirectory} holds every event the store held when the replica started,
 * so that the site server answers 503 instead of 404 for versions it has not read yet. Caught up: the projection
 * has read, since the start, an event at or past the store's head at start (read in order of position, so every
 * earlier one too, gaps its snapshot left included), or it found nothing more to read (a snapshot at the head, an
 * idle store). Once caught up it stays so: later events are new publishes, served as soon as they are read.
 */
final class SiteDirectoryCatchUp {
    private static final Logger log = LoggerFactory.getLogger(SiteDirectoryCatchUp.class);
    private final SiteDirectory directory;
    private final Runnable then;
    private final long created = System.nanoTime();
    private volatile boolean headKnown;
    private volatile long head;
    private volatile long reached = -1;
    private volatile BooleanSupplier drained = () -> false;
    private volatile boolean done;

    /** @param then told once, when caught up (the replica's row then says ready) */
    SiteDirectoryCatchUp(SiteDirectory directory, Runnable then) {
        this.directory = directory;
        this.then = then;
        directory.catchingUp(this::check);
    }

    /** The store's head when the replica starts, before the projection reads; null when the store is empty. */
    void startedAt(TrackingToken headToken) {
        head = headToken == null ? -1 : position(headToken);
        headKnown = true;
        check();
    }

    /** Whether the projection's processor has found nothing more to read; asked only while not caught up. */
    void drainedWhen(BooleanSupplier processorCaughtUp) {
        drained = processorCaughtUp;
    }

    /** An event the projection has just read, handled or not. */
    void reached(TrackingToken token) {
        if (token != null && !done) {
            reached = Math.max(reached, position(token));
            check();
        }
    }

    private boolean check() {
        if (!done && headKnown && (reached >= head || drained.getAsBoolean())) {
            finish();
        }
        return done;
    }

    private synchronized void finish() {
        if (!done) {
            done = true;
            directory.caughtUp();
            then.run();
            log.info("Site directory caught up with the event store's head at start (position {}) after {} ms",
                    head, (System.nanoTime() - created) / 1_000_000);
        }
    }

    /**
     * A token's global position. Only the position counts: a gap below it (an append rolled back, or one still in
     * flight at the start) was not acknowledged before the start.
     */
    private static long position(TrackingToken token) {
        OptionalLong position = token.position();
        if (position.isEmpty()) {
            throw new IllegalStateException("The site directory needs an event store with positions, not " + token);
        }
        return position.getAsLong();
    }
}
