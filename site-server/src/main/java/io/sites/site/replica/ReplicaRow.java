package io.sites.site.replica;

import java.sql.Timestamp;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * One process's row in {@code replica} (migration V2026_11_23_83), and every statement on that table: a site replica
 * ({@link SiteReplica}) and an API replica (the read model's segment balancer) each keep one. Times come from the
 * database's clock, so the machines' clocks never decide who is alive.
 */
public final class ReplicaRow {
    private static final Logger log = LoggerFactory.getLogger(ReplicaRow.class);
    /** How long a leaving process tries to remove its row: a database already gone must not hold the stop up. */
    private static final long REMOVE_WITHIN_SECONDS = 2;

    /** A row as another process sees it: position and gaps (site replicas) and the age of its heartbeat. */
    public record Seen(String instance, long position, String gaps, long sinceHeartbeatMillis) {
        public boolean aliveWithin(long millis) {
            return sinceHeartbeatMillis <= millis;
        }
    }

    private final JdbcTemplate jdbc;
    private final String instance;
    private final String role;

    public ReplicaRow(JdbcTemplate jdbc, String instance, String role) {
        this.jdbc = jdbc;
        this.instance = instance;
        this.role = role;
    }

    public String instance() {
        return instance;
    }

    /**
     * A process's instance name: the configured replica name (stable across restarts, and possibly shared by two
     * processes on one host) and a random suffix of its own.
     */
    public static String newInstance(String replica) {
        return replica + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** The whole row, inserted when missing (the first write, or after someone removed it). */
    public void write(long position, String gaps, boolean ready) {
        if (jdbc.update("update replica set position = ?, gaps = ?, ready = ?, heartbeat_at = current_timestamp"
                + " where instance = ? and role = ?", position, gaps, ready, instance, role) == 0) {
            jdbc.update("insert into replica (instance, role, position, gaps, ready, heartbeat_at)"
                    + " values (?, ?, ?, ?, ?, current_timestamp)", instance, role, position, gaps, ready);
        }
    }

    void position(long position, String gaps) {
        jdbc.update("update replica set position = ?, gaps = ? where instance = ? and role = ?", position, gaps,
                instance, role);
    }

    /** The heartbeat; false when the row is missing (then {@link #write} it). */
    public boolean beat() {
        return jdbc.update("update replica set heartbeat_at = current_timestamp where instance = ? and role = ?",
                instance, role) > 0;
    }

    /**
     * At a graceful stop: stops the process's heartbeat thread, then removes the row, bounded, since the pool waits
     * for a connection far longer than a stop should. A row that cannot be removed expires with its heartbeat.
     */
    public void leave(ExecutorService heartbeat) {
        heartbeat.shutdownNow();
        try {
            heartbeat.awaitTermination(REMOVE_WITHIN_SECONDS, TimeUnit.SECONDS);
            CompletableFuture.runAsync(() -> jdbc.update("delete from replica where instance = ? and role = ?",
                    instance, role), command -> Thread.ofPlatform().daemon().start(command))
                    .get(REMOVE_WITHIN_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException | RuntimeException failed) {
            log.warn("Replica {} ({}) could not remove its row; it expires with its heartbeat", instance, role);
        }
    }

    /** Every row of a role (only the ready ones if asked), in name order, with the age of its heartbeat. */
    public static List<Seen> seen(JdbcTemplate jdbc, String role, boolean readyOnly) {
        return jdbc.query("select instance, position, gaps, heartbeat_at, current_timestamp from replica"
                + " where role = ?" + (readyOnly ? " and ready" : "") + " order by instance", (row, index) -> {
                    Timestamp heartbeat = row.getTimestamp(4);
                    return new Seen(row.getString(1), row.getLong(2), row.getString(3),
                            row.getTimestamp(5).getTime() - heartbeat.getTime());
                }, role);
    }

    /** The store's head: the newest event's position, -1 when empty. */
    static long head(JdbcTemplate jdbc) {
        Long head = jdbc.queryForObject("select max(globalindex) from domainevententry", Long.class);
        return head == null ? -1 : head;
    }
}
