package io.sites.replica;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one thread that writes a process's {@link ReplicaRow}: a beat every heartbeat, whatever else the row's owner
 * hands it (so its writes never race), and the row's removal at a graceful stop. Site replicas and API replicas
 * each run one; what a beat writes is theirs.
 */
public final class ReplicaHeartbeat {
    private static final Logger log = LoggerFactory.getLogger(ReplicaHeartbeat.class);
    /** How long a leaving process tries to remove its row: a database already gone must not hold the stop up. */
    private static final long REMOVE_WITHIN_SECONDS = 2;

    private final ReplicaRow row;
    private final ScheduledExecutorService thread;

    /** @param name the writing thread's name, as thread dumps show it */
    public ReplicaHeartbeat(ReplicaRow row, String name) {
        this.row = row;
        this.thread = Executors.newSingleThreadScheduledExecutor(runnable ->
                Thread.ofPlatform().daemon().name(name).unstarted(runnable));
    }

    /** Beats every {@code every}, the first after {@code first}; a beat that throws does not stop the next ones. */
    public void start(Duration first, Duration every, Runnable beat) {
        thread.scheduleWithFixedDelay(beat, first.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Runs a write on the heartbeat's thread, after those already handed to it.
     *
     * @throws java.util.concurrent.RejectedExecutionException once the process has left
     */
    public void execute(Runnable write) {
        thread.execute(write);
    }

    /**
     * At a graceful stop: stops the heartbeat thread, then removes the row, bounded, since the pool waits for a
     * connection far longer than a stop should. A row that cannot be removed expires with its heartbeat.
     */
    public void leave() {
        // Not shutdownNow: an interrupt inside an embedded H2 write closes the whole database.
        thread.shutdown();
        try {
            thread.awaitTermination(REMOVE_WITHIN_SECONDS, TimeUnit.SECONDS);
            CompletableFuture.runAsync(row::remove, command -> Thread.ofPlatform().daemon().start(command))
                    .get(REMOVE_WITHIN_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException | RuntimeException failed) {
            log.warn("Replica {} ({}) could not remove its row; it expires with its heartbeat", row.instance(),
                    row.role());
        }
    }
}
