package io.sites.app.webhooks;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** The {@code webhook} table: registrations, configuration rather than events (docs/DECISIONS.md, "Webhooks"). */
@Component
class WebhookRows {
    private static final String COLUMNS = "id, account_id, website_id, url, events, created_at, failing_since";

    /** A registration; {@code websiteId} null for an account-wide hook. */
    record Hook(String id, String accountId, String websiteId, String url, List<String> events, Instant createdAt,
            Instant failingSince) {
    }

    private final JdbcTemplate jdbc;

    WebhookRows(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    void insert(Hook hook, String sealedSecret) {
        jdbc.update("insert into webhook (id, account_id, website_id, url, events, secret_sealed, created_at)"
                + " values (?, ?, ?, ?, ?, ?, ?)", hook.id(), hook.accountId(), hook.websiteId(), hook.url(),
                String.join(",", hook.events()), sealedSecret, Timestamp.from(hook.createdAt()));
    }

    List<Hook> ofWebsite(String websiteId) {
        return jdbc.query("select " + COLUMNS + " from webhook where website_id = ? order by created_at, id",
                WebhookRows::hook, websiteId);
    }

    List<Hook> ofAccount(String accountId) {
        return jdbc.query("select " + COLUMNS + " from webhook where website_id is null and account_id = ?"
                + " order by created_at, id", WebhookRows::hook, accountId);
    }

    /** The hooks that hear an event of this website: its own, and its owner's account-wide ones. */
    List<Hook> hearing(String websiteId, String ownerId) {
        return jdbc.query("select " + COLUMNS + " from webhook where website_id = ?"
                + " or (website_id is null and account_id = ?) order by created_at, id", WebhookRows::hook,
                websiteId, ownerId == null ? "" : ownerId);
    }

    Optional<Hook> find(String id) {
        return jdbc.query("select " + COLUMNS + " from webhook where id = ?", WebhookRows::hook, id).stream()
                .findFirst();
    }

    String sealedSecret(String id) {
        return jdbc.queryForObject("select secret_sealed from webhook where id = ?", String.class, id);
    }

    int countOfWebsite(String websiteId) {
        return jdbc.queryForObject("select count(*) from webhook where website_id = ?", Integer.class, websiteId);
    }

    int countOfAccount(String accountId) {
        return jdbc.queryForObject("select count(*) from webhook where website_id is null and account_id = ?",
                Integer.class, accountId);
    }

    void delete(String id) {
        jdbc.update("delete from webhook where id = ?", id);
    }

    /** Marked when a delivery is given up on (the first time counts), cleared when one is delivered. */
    void failing(String id, Instant since) {
        jdbc.update("update webhook set failing_since = ? where id = ? and failing_since is null",
                Timestamp.from(since), id);
    }

    void working(String id) {
        jdbc.update("update webhook set failing_since = null where id = ? and failing_since is not null", id);
    }

    private static Hook hook(ResultSet rs, int row) throws SQLException {
        Timestamp failing = rs.getTimestamp(7);
        return new Hook(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                Arrays.asList(rs.getString(5).split(",")), rs.getTimestamp(6).toInstant(),
                failing == null ? null : failing.toInstant());
    }
}
