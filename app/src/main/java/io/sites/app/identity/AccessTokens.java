package io.sites.app.identity;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.Door;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Personal access tokens: {@value #PREFIX} plus 32 random bytes in base64url. Only the SHA-256 of a token is
 * stored; the token itself is shown once, when minted.
 */
@Component
public class AccessTokens {
    public static final String PREFIX = "sites_pat_";
    /** What an operator may seed: at least 32 characters of [A-Za-z0-9_-], prefix optional. */
    static final Pattern SEEDABLE = Pattern.compile("[A-Za-z0-9_-]{32,}");
    private static final Duration LAST_USED_RESOLUTION = Duration.ofMinutes(1);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final JdbcTemplate jdbc;
    private final Clock clock;

    AccessTokens(JdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** A new token for the account; the returned text is the only copy there will ever be. */
    public String mint(AccountId account, String name, Instant expiresAt) {
        byte[] secret = new byte[32];
        RANDOM.nextBytes(secret);
        String token = PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
        register(account, name, token, expiresAt);
        return token;
    }

    /** Registers a token chosen elsewhere (seeding); a token already registered is left as it is. */
    void register(AccountId account, String name, String token, Instant expiresAt) {
        String hash = hash(token);
        Integer known = jdbc.queryForObject("select count(*) from access_token where token_hash = ?", Integer.class,
                hash);
        if (known != null && known > 0) {
            return;
        }
        try {
            jdbc.update("""
                    insert into access_token (id, account_id, name, token_hash, created_at, expires_at)
                    values (?, ?, ?, ?, ?, ?)""",
                    "tok_" + HexFormat.of().formatHex(randomBytes(12)), account.value(), name, hash,
                    Timestamp.from(clock.instant()), expiresAt == null ? null : Timestamp.from(expiresAt));
        } catch (DuplicateKeyException seededByAnotherReplica) {
            // replicas starting together seed the same tokens; the first one wins, the rest have nothing to do
        }
    }

    /** The account a presented token belongs to, if the token is known, unexpired and not revoked. */
    public Optional<AccountId> verify(String token) {
        return actorOf(token).map(Actor::accountId);
    }

    /** As {@link #verify}, with the door (a personal token) and the token's name, for the history. */
    public Optional<Actor> actorOf(String token) {
        if (token == null || token.length() > 512) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        List<TokenRow> rows = jdbc.query("""
                select id, account_id, name, last_used_at from access_token
                where token_hash = ? and revoked_at is null and (expires_at is null or expires_at > ?)""",
                (rs, n) -> new TokenRow(rs.getString("id"), rs.getString("account_id"), rs.getString("name"),
                        rs.getTimestamp("last_used_at") == null ? null : rs.getTimestamp("last_used_at").toInstant()),
                hash(token), Timestamp.from(now));
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        TokenRow row = rows.getFirst();
        // Coarse last-used times keep a busy token from turning every request into a write.
        if (row.lastUsedAt() == null || row.lastUsedAt().isBefore(now.minus(LAST_USED_RESOLUTION))) {
            jdbc.update("update access_token set last_used_at = ? where id = ?", Timestamp.from(now), row.id());
        }
        return Optional.of(new Actor(new AccountId(row.accountId()), Door.TOKEN, row.name()));
    }

    /** The account's tokens, newest first, revoked ones included (never the token itself: it is not stored). */
    public List<TokenInfo> list(AccountId account) {
        return jdbc.query("""
                select id, name, created_at, last_used_at, expires_at, revoked_at from access_token
                where account_id = ? order by created_at desc, id""",
                (rs, n) -> new TokenInfo(rs.getString("id"), rs.getString("name"),
                        instant(rs.getTimestamp("created_at")),
                        instant(rs.getTimestamp("last_used_at")), instant(rs.getTimestamp("expires_at")),
                        instant(rs.getTimestamp("revoked_at"))),
                account.value());
    }

    /**
     * Revokes one of the account's tokens at once: the next request that presents it is refused (the lookup
     * filters on revoked_at, nothing is cached). False when the account has no such unrevoked token.
     */
    public boolean revoke(AccountId account, String tokenId) {
        return jdbc.update(
                "update access_token set revoked_at = ? where id = ? and account_id = ? and revoked_at is null",
                Timestamp.from(clock.instant()), tokenId, account.value()) > 0;
    }

    /** What the token page shows of a token. */
    public record TokenInfo(String id, String name, Instant createdAt, Instant lastUsedAt, Instant expiresAt,
            Instant revokedAt) {
        public boolean expired(Instant now) {
            return expiresAt != null && !expiresAt.isAfter(now);
        }
    }

    private static Instant instant(Timestamp at) {
        return at == null ? null : at.toInstant();
    }

    /** SHA-256 in hex: how every bearer secret of ours (personal or OAuth) is stored and looked up. */
    public static String hash(String token) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    private static byte[] randomBytes(int n) {
        byte[] bytes = new byte[n];
        RANDOM.nextBytes(bytes);
        return bytes;
    }

    private record TokenRow(String id, String accountId, String name, Instant lastUsedAt) {
    }
}
