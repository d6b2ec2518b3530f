package io.sites.replica;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.sites.replica.ReplicaRow.Seen;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The second half of read-your-writes: after the read model ({@link ReadModelWait}), wait until every other site
 * replica that is alive (a heartbeat within {@code sites.replicas.alive-within}, by the database's clock) and ready
 * has read the event, so a 201 means every live replica serves the new version. Liveness is looked at again while
 * waiting, so a replica killed with -9 holds a publish up at most for the alive window. Woken by the replicas' NOTIFY
 * on PostgreSQL ({@link #moved()}, called by the process's listener); polls briefly otherwise (H2 is one process: no
 * other replica, one query per publish).
 *
 * <p>Timed as {@value #NAME}, tagged {@code outcome}: {@code reached} (every live replica had it), {@code departed}
 * (the replicas still behind stopped being alive or left), {@code timeout} (answered anyway, with a WARN), {@code failed}
 * (the rows could not be read; answered anyway, with a WARN).
 */
public final class SiteReplicaWait {
    static final String NAME = "sites.replica.wait";
    private static final Logger log = LoggerFactory.getLogger(SiteReplicaWait.class);
    private static final long PUSHED_RECHECK_NANOS = 250_000_000L;
    private static final long POLL_NANOS = 20_000_000L;

    private final JdbcTemplate jdbc;
    private final MeterRegistry registry;
    private final ReplicaInstances own;
    private final boolean pushes;
    private final long aliveWithinMillis;
    private final Object moved = new Object();
    private long generation;

    /**
     * @param own this process's instances: its own site replica, if it runs one, is not waited for
     * @param pushes whether {@link #moved()} is called when a replica's row changes; without it, the wait polls
     */
    public SiteReplicaWait(JdbcTemplate jdbc, MeterRegistry registry, ReplicaInstances own, boolean pushes,
            Duration aliveWithin) {
        this.jdbc = jdbc;
        this.registry = registry;
        this.own = own;
        this.pushes = pushes;
        this.aliveWithinMillis = aliveWithin.toMillis();
    }

    /** An event at or below the row's position and not among its gaps has been read. */
    private static boolean has(Seen row, long event) {
        return row.position() >= event && (row.gaps().isEmpty() || Arrays.stream(row.gaps().split(","))
                .noneMatch(gap -> Long.parseLong(gap) == event));
    }

    /** Waits until every other live, ready site replica has read the event, or the deadline (System.nanoTime). */
    public void await(long event, long deadline, Duration timeout) {
        Timer.Sample sample = Timer.start(registry);
        String outcome = "reached";
        boolean waitedForSomeone = false;
        String self = own.claimed(ReplicaRow.SITES).orElse(null);
        try {
            while (true) {
                long seen = generation();
                List<Seen> behind = ReplicaRow.seen(jdbc, ReplicaRow.SITES, true).stream()
                        .filter(row -> !row.instance().equals(self)).filter(row -> !has(row, event)).toList();
                List<Seen> alive = behind.stream().filter(row -> row.aliveWithin(aliveWithinMillis)).toList();
                if (alive.isEmpty()) {
                    outcome = behind.isEmpty() || !waitedForSomeone ? "reached" : "departed";
                    if (!behind.isEmpty() && waitedForSomeone) {
                        log.info("Event {}: stopped waiting for site replicas {}, no longer alive", event,
                                names(behind));
                    }
                    return;
                }
                waitedForSomeone = true;
                long remaining = deadline - System.nanoTime();
                if (remaining <= 0) {
                    outcome = "timeout";
                    // The version is stored and acknowledged; failing the request now would invite a duplicate.
                    log.warn("Site replicas {} have not read event {} after {}; answering anyway", names(alive),
                            event, timeout);
                    return;
                }
                awaitMove(seen, Math.min(remaining, pushes ? PUSHED_RECHECK_NANOS : POLL_NANOS));
            }
        } catch (DataAccessException failed) {
            // The version is stored; a failed look at the replicas must not turn its 201 into a 500.
            outcome = "failed";
            log.warn("Could not tell which site replicas have read event {}; answering anyway", event, failed);
        } finally {
            sample.stop(Timer.builder(NAME).description("A publish waiting for every live site replica to serve it")
                    .tag("outcome", outcome).register(registry));
        }
    }

    private static String names(List<Seen> rows) {
        return rows.stream().map(row -> row.instance() + " (at " + row.position() + ")").toList().toString();
    }

    /** A replica's position or readiness changed (a NOTIFY): look again at once. */
    public void moved() {
        synchronized (moved) {
            generation++;
            moved.notifyAll();
        }
    }

    private long generation() {
        synchronized (moved) {
            return generation;
        }
    }

    private void awaitMove(long seen, long nanos) {
        long until = System.nanoTime() + nanos;
        synchronized (moved) {
            long left;
            while (generation == seen && (left = until - System.nanoTime()) > 0) {
                try {
                    moved.wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
