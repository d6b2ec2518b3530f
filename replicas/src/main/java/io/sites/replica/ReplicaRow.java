package io.sites.replica;

import java.sql.Timestamp;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * One process's row in {@code replica} (migration V2026_11_23_83), and every statement on that table: a site replica
 * (site-server's SiteReplica, role {@value #SITES}) and an API replica (the read model's segment balancer, role
 * {@value #API}) each keep one, beating through {@link ReplicaHeartbeat}. Times come from the database's clock, so the
 * machines' clocks never decide who is alive.
 */
public final class ReplicaRow {
    /** A site server replica's row: its position says how far its site directory has read. */
    public static final String SITES = "sites";
    /** An API replica's row: only its heartbeat counts, for the read model's share of segments. */
    public static final String API = "api";

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

    /** How far the process has read (site replicas), without touching the heartbeat. */
    public void position(long position, String gaps) {
        jdbc.update("update replica set position = ?, gaps = ? where instance = ? and role = ?", position, gaps,
                instance, role);
    }

    /** The heartbeat; false when the row is missing (then {@link #write} it). */
    public boolean beat() {
        return jdbc.update("update replica set heartbeat_at = current_timestamp where instance = ? and role = ?",
                instance, role) > 0;
    }

    /** The row gone (a graceful stop); {@link ReplicaHeartbeat#leave()} bounds how long it may take. */
    void remove() {
        jdbc.update("delete from replica where instance = ? and role = ?", instance, role);
    }

    String role() {
        return role;
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
    public static long head(JdbcTemplate jdbc) {
        Long head = jdbc.queryForObject("select max(globalindex) from domainevententry", Long.class);
        return head == null ? -1 : head;
    }
}
