package io.sites.app.identity.oauth;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * The clients a person has authorised through OAuth (the command line among them), as the Tokens page lists them:
 * one row per client, with when it was first authorised and last used; revoking one deletes its authorizations
 * and the consent, so every access and refresh token it holds stops working on the next request (the resource
 * server looks each token's authorization up) and the next authorization asks again.
 */
@Component
public class OAuthGrants {
    /** Last use is kept to the minute: a busy client writes at most once a minute. */
    static final Duration RESOLUTION = Duration.ofMinutes(1);
    private static final int REMEMBERED = 10_000;

    private final JdbcTemplate jdbc;
    private final Clock clock;
    private final Map<String, Instant> recorded = new ConcurrentHashMap<>();

    OAuthGrants(JdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** One authorised client. {@code lastUsedAt} is null for a client whose token was never used. */
    public record Grant(String clientId, String clientName, Instant authorizedAt, Instant lastUsedAt,
            int authorizations) {
    }

    /** The clients holding a live token (access or refresh) for the person, most recently used first. */
    public List<Grant> list(String username) {
        Timestamp now = Timestamp.from(clock.instant());
        return jdbc.query("""
                select c.client_id, c.client_name, min(a.created_at) as authorized_at,
                       max(a.last_used_at) as last_used_at,
                       count(*) as authorizations
                from oauth2_authorization a join oauth2_registered_client c on c.id = a.registered_client_id
                where a.principal_name = ?
                  and (a.access_token_expires_at > ? or a.refresh_token_expires_at > ?)
                group by c.client_id, c.client_name
                """, (rs, row) -> new Grant(rs.getString("client_id"), rs.getString("client_name"),
                        rs.getTimestamp("authorized_at").toInstant(), instant(rs.getTimestamp("last_used_at")),
                        rs.getInt("authorizations")), username, now, now)
                .stream().sorted((a, b) -> compare(b.lastUsedAt(), a.lastUsedAt())).toList();
    }

    /** Deletes every authorization and the consent the person gave the client; false when there were none. */
    @Transactional
    public boolean revoke(String username, String clientId) {
        List<String> ids = jdbc.queryForList("""
                select a.id from oauth2_authorization a join oauth2_registered_client c on c.id = a.registered_client_id
                where a.principal_name = ? and c.client_id = ?""", String.class, username, clientId);
        for (String id : ids) {
            jdbc.update("delete from oauth_rotated_refresh_token where authorization_id = ?", id);
            jdbc.update("delete from oauth2_authorization where id = ?", id);
            recorded.remove(id);
        }
        int consents = jdbc.update("""
                delete from oauth2_authorization_consent where principal_name = ? and registered_client_id in
                (select id from oauth2_registered_client where client_id = ?)""", username, clientId);
        return !ids.isEmpty() || consents > 0;
    }

    /** Notes that an authorization's access token was just accepted (a write at most once a minute per grant). */
    void used(String authorizationId) {
        Instant now = clock.instant();
        Instant last = recorded.get(authorizationId);
        if (last != null && last.isAfter(now.minus(RESOLUTION))) {
            return;
        }
        if (recorded.size() >= REMEMBERED) {
            recorded.clear();
        }
        recorded.put(authorizationId, now);
        jdbc.update("update oauth2_authorization set last_used_at = ? where id = ?", Timestamp.from(now),
                authorizationId);
    }

    private static Instant instant(Timestamp at) {
        return at == null ? null : at.toInstant();
    }

    private static int compare(Instant a, Instant b) {
        return a == null ? (b == null ? 0 : -1) : b == null ? 1 : a.compareTo(b);
    }
}
