package io.sites.replica;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * How a replica stops its background threads (flushes, sweeps, watches, checks): no new round starts, the one under
 * way finishes, within a bound. Never by an interrupt: one that lands inside an embedded H2 write closes the whole
 * database for every thread of the process (ArchitectureTest's noInterruptWhereTheDatabaseIsWritten).
 */
public final class BackgroundWork {
    /** Longer than any one round should take; past it the stop goes on and the daemon thread is left behind. */
    private static final long WITHIN_SECONDS = 10;

    private BackgroundWork() {
    }

    /** Shuts the executor down and waits for the round under way, if any, at most {@link #WITHIN_SECONDS}. */
    public static void stop(ExecutorService executor) {
        executor.shutdown();
        try {
            executor.awaitTermination(WITHIN_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
