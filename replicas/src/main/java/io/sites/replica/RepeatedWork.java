package io.sites.replica;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Background work done in rounds on a daemon thread of its own, one interval after the last round ended
 * (refreshes, sweeps, watches, flushes, outbox rounds), started and stopped by the component that owns it. It stops
 * the {@link BackgroundWork} way: no new round starts, the one under way may finish, nothing is interrupted.
 */
public final class RepeatedWork {
    private static final Logger log = LoggerFactory.getLogger(RepeatedWork.class);

    private final String name;
    private final Duration every;
    private final Runnable round;
    private ScheduledExecutorService thread;

    /** A zero or negative {@code every} turns the work off: {@link #start} does nothing. */
    public RepeatedWork(String name, Duration every, Runnable round) {
        this.name = name;
        this.every = every;
        this.round = round;
    }

    /** The first round one interval from now (a component that needs one at once runs it before). */
    public synchronized void start() {
        if (thread != null || every.isZero() || every.isNegative()) {
            return;
        }
        thread = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().name(name).daemon().factory());
        thread.scheduleWithFixedDelay(this::guarded, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Stops the rounds, waiting for the one under way within BackgroundWork's bound; whether they were running. */
    public boolean stop() {
        ScheduledExecutorService running;
        synchronized (this) {
            running = thread;
            thread = null;
        }
        if (running == null) {
            return false;
        }
        BackgroundWork.stop(running);
        return true;
    }

    /** One round more as soon as the thread is free (something just came in); nothing once stopped. */
    public void soon() {
        ScheduledExecutorService current;
        synchronized (this) {
            current = thread;
        }
        if (current != null) {
            try {
                current.execute(this::guarded);
            } catch (RejectedExecutionException stopping) {
                // stopping: the next start's first round, or another replica's, does the work
            }
        }
    }

    public synchronized boolean isRunning() {
        return thread != null;
    }

    private void guarded() {
        try {
            round.run();
        } catch (RuntimeException escaped) {
            // Past the round's own handling: left to the executor, it would cancel every later round without a word.
            log.warn("{}: a round failed, the next one runs as planned: {}", name, escaped.toString());
        }
    }
}
