package io.sites.app.web;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The heap that request bodies being parsed and decoded may take together, process-wide. A body reserves its cost
 * before it is read and gives it back when its request ends; beyond the budget a request waits, in arrival order, at
 * most {@code wait}, so concurrent large publishes queue or are turned away instead of running the heap out.
 */
final class MemoryBudget {
    // Counted in KiB so that a Semaphore's int permits cover heaps up to terabytes.
    private static final long UNIT = 1024;

    private final Semaphore kibibytes;
    private final long bytes;
    private final Duration wait;

    MemoryBudget(long bytes, Duration wait) {
        this.bytes = bytes;
        this.wait = wait;
        this.kibibytes = new Semaphore((int) Math.min(Integer.MAX_VALUE, bytes / UNIT), true);
    }

    long bytes() {
        return bytes;
    }

    Duration waitLimit() {
        return wait;
    }

    /** Whether a cost of this size could ever be had, with nothing else reserved. */
    boolean fits(long cost) {
        return units(cost) <= Math.min(Integer.MAX_VALUE, bytes / UNIT);
    }

    /** Reserves {@code cost} bytes, waiting at most the configured time; null when they could not be had. */
    Reservation reserve(long cost) throws InterruptedException {
        int units = units(cost);
        if (!kibibytes.tryAcquire(units, wait.toMillis(), TimeUnit.MILLISECONDS)) {
            return null;
        }
        return new Reservation(units);
    }

    /**
     * Reserves {@code cost} bytes if they are free now and no request waits for memory before this one, else null.
     * (A timed try keeps the arrival order; the untimed one would barge ahead of requests that wait.)
     */
    Reservation reserveNow(long cost) {
        int units = units(cost);
        try {
            return kibibytes.tryAcquire(units, 0, TimeUnit.MILLISECONDS) ? new Reservation(units) : null;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static int units(long cost) {
        return (int) Math.min(Integer.MAX_VALUE, (cost + UNIT - 1) / UNIT);
    }

    /** Bytes held by one request; closing gives them back (once). */
    final class Reservation implements AutoCloseable {
        private int units;

        private Reservation(int units) {
            this.units = units;
        }

        @Override
        public void close() {
            if (units > 0) {
                kibibytes.release(units);
                units = 0;
            }
        }
    }
}
