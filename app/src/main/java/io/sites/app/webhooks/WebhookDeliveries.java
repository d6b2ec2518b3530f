package io.sites.app.webhooks;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The outbox ({@code webhook_delivery}) and each hook's last attempts ({@code webhook_attempt}). Recording is an
 * insert that does nothing for an id already there; sending is a lease on the oldest undelivered row of a
 * (hook, website), so deliveries go in order and from one replica at a time.
 */
@Component
class WebhookDeliveries {
    static final int ATTEMPTS_KEPT = 100;

    /** A delivery due, with what sending it needs. */
    record Due(String id, String hookId, String url, String sealedSecret, String body, int attempts,
            Instant createdAt, String accountId) {
    }

    /** One attempt as the delivery log shows it. */
    record Attempt(String deliveryId, String type, Instant at, Integer status, int latencyMs, String error) {
    }

    private final JdbcTemplate jdbc;

    WebhookDeliveries(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** In the caller's transaction (the processor's, with its token); nothing when the id is recorded already. */
    void record(String id, String hookId, String websiteId, String type, String body, Instant now) {
        jdbc.update("insert into webhook_delivery (id, hook_id, website_id, type, body, state, created_at, next_at)"
                + " values (?, ?, ?, ?, ?, 'pending', ?, ?) on conflict do nothing", id, hookId, websiteId, type,
                body, Timestamp.from(now), Timestamp.from(now));
    }

    /**
     * The heads of the queues that are due and held by nobody, oldest first, at most {@code perAccount} of any one
     * account's hooks: a tenant with a backlog leaves room in the answer for everyone else's.
     */
    List<Due> due(Instant now, int perAccount, int limit) {
        Timestamp at = Timestamp.from(now);
        return jdbc.query("select id, hook_id, url, secret_sealed, body, attempts, created_at, account_id from ("
                + "select d.id, d.hook_id, h.url, h.secret_sealed, d.body, d.attempts, d.created_at, d.seq,"
                + " h.account_id, row_number() over (partition by h.account_id order by d.seq) as place"
                + " from webhook_delivery d join webhook h on h.id = d.hook_id"
                + " where d.state = 'pending' and d.next_at <= ? and (d.lease_until is null or d.lease_until < ?)"
                + " and not exists (select 1 from webhook_delivery e where e.hook_id = d.hook_id"
                + " and e.website_id = d.website_id and e.state = 'pending' and e.seq < d.seq)) heads"
                + " where place <= ? order by seq limit ?", (rs, row) -> new Due(rs.getString(1), rs.getString(2),
                        rs.getString(3), rs.getString(4), rs.getString(5), rs.getInt(6),
                        rs.getTimestamp(7).toInstant(), rs.getString(8)), at, at, perAccount, limit);
    }

    /** True when this replica now holds the delivery until {@code until}; false when another does or it is done. */
    boolean claim(String id, String owner, Instant now, Instant until) {
        return jdbc.update("update webhook_delivery set lease_owner = ?, lease_until = ? where id = ?"
                + " and state = 'pending' and (lease_until is null or lease_until < ?)", owner, Timestamp.from(until),
                id, Timestamp.from(now)) == 1;
    }

    void delivered(String id, Instant now) {
        jdbc.update("update webhook_delivery set state = 'delivered', done_at = ?, attempts = attempts + 1,"
                + " lease_owner = null, lease_until = null where id = ? and state = 'pending'", Timestamp.from(now),
                id);
    }

    void retryAt(String id, String owner, Instant next) {
        jdbc.update("update webhook_delivery set attempts = attempts + 1, next_at = ?, lease_owner = null,"
                + " lease_until = null where id = ? and state = 'pending' and lease_owner = ?", Timestamp.from(next),
                id, owner);
    }

    void abandon(String id, Instant now) {
        jdbc.update("update webhook_delivery set state = 'abandoned', done_at = ?, attempts = attempts + 1,"
                + " lease_owner = null, lease_until = null where id = ? and state = 'pending'", Timestamp.from(now),
                id);
    }

    /** Logs an attempt and forgets the hook's attempts older than the newest {@value #ATTEMPTS_KEPT}. */
    void attempted(String hookId, String deliveryId, Instant at, Integer status, long latencyMs, String error) {
        jdbc.update("insert into webhook_attempt (hook_id, delivery_id, attempted_at, status, latency_ms, error,"
                + " type) values (?, ?, ?, ?, ?, ?, (select type from webhook_delivery where id = ?))", hookId,
                deliveryId, Timestamp.from(at), status, (int) latencyMs,
                error == null ? null : error.substring(0, Math.min(300, error.length())), deliveryId);
        jdbc.update("delete from webhook_attempt where hook_id = ? and seq <= (select seq from webhook_attempt"
                + " where hook_id = ? order by seq desc limit 1 offset " + ATTEMPTS_KEPT + ")", hookId, hookId);
    }

    /**
     * Deletes at most {@code batch} deliveries delivered or given up on before {@code before}, in a statement (and a
     * transaction) of its own; how many. A pending delivery is never deleted, however old.
     */
    int trim(Instant before, int batch) {
        // The batch is chosen first and deleted by id: H2 may read a delete's IN (... limit) subquery again as rows
        // go, and deleted fewer than a whole batch while more were due (a short batch ends the round early).
        List<String> due = jdbc.queryForList("select id from webhook_delivery where done_at < ?"
                + " and state in ('delivered', 'abandoned') order by done_at limit ?", String.class,
                Timestamp.from(before), batch);
        if (due.isEmpty()) {
            return 0;
        }
        return jdbc.update("delete from webhook_delivery where id in ("
                + String.join(", ", java.util.Collections.nCopies(due.size(), "?")) + ")", due.toArray());
    }

    List<Attempt> attempts(String hookId) {
        // The attempt's own type: its delivery may be gone (retention) while the attempt is still in the log.
        return jdbc.query("select a.delivery_id, a.type, a.attempted_at, a.status, a.latency_ms, a.error"
                + " from webhook_attempt a where a.hook_id = ? order by a.seq desc",
                (rs, row) -> new Attempt(rs.getString(1), rs.getString(2), rs.getTimestamp(3).toInstant(),
                        (Integer) rs.getObject(4), rs.getInt(5), rs.getString(6)), hookId);
    }
}
