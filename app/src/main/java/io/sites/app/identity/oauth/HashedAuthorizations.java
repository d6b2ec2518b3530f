package io.sites.app.identity.oauth;

import io.sites.app.identity.AccessTokens;
import java.security.Principal;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.core.OAuth2AccessToken;
import org.springframework.security.oauth2.core.OAuth2RefreshToken;
import org.springframework.security.oauth2.core.OAuth2Token;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationCode;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;

/**
 * Authorizations in the database with every token (authorization code, access token, refresh token) stored only as
 * its SHA-256, like personal access tokens: a copy of the table grants nothing. Lookups hash the presented value;
 * the authorization found is handed back with that one token carrying the presented value again, which is all the
 * library needs (it only ever compares, invalidates or replaces the token it was given). The other tokens stay
 * hashed, marked by the {@value #MARK} prefix, so that saving them again does not hash a hash.
 *
 * <p>The signed-in person is stored by username only (a plain authenticated token), never the session's
 * {@code AccountUser} with its password hash.
 *
 * <p>Refresh tokens rotate. The hash of each replaced refresh token is kept; when one is presented again, two
 * parties hold the grant (a stolen token, or a client that lost the newer one), so the authorization's current
 * tokens are revoked and both must start over (OAuth 2.1, section 4.3.1).
 *
 * <p>Dead rows are pruned when a new authorization starts, at most every {@link #PRUNE_EVERY} per process:
 * authorizations whose last token expired a day ago, requests abandoned at the consent page for a day, and
 * replaced refresh tokens whose authorization is gone or which are older than any refresh token can live.
 */
final class HashedAuthorizations implements OAuth2AuthorizationService {
    static final String MARK = "sha256:";
    private static final List<Class<? extends OAuth2Token>> TOKENS = List.of(OAuth2AuthorizationCode.class,
            OAuth2AccessToken.class, OAuth2RefreshToken.class);

    static final Duration PRUNE_EVERY = Duration.ofMinutes(10);
    private static final Duration GRACE = Duration.ofDays(1);

    private final OAuth2AuthorizationService stored;
    private final JdbcTemplate jdbc;
    private final Clock clock;
    private final AtomicReference<Instant> lastPruned = new AtomicReference<>(Instant.MIN);

    HashedAuthorizations(OAuth2AuthorizationService stored, JdbcTemplate jdbc, Clock clock) {
        this.stored = stored;
        this.jdbc = jdbc;
        this.clock = clock;
    }

    @Override
    public void save(OAuth2Authorization authorization) {
        OAuth2Authorization.Builder hashed = OAuth2Authorization.from(authorization);
        for (Class<? extends OAuth2Token> type : TOKENS) {
            OAuth2Authorization.Token<? extends OAuth2Token> token = authorization.getToken(type);
            if (token != null && !token.getToken().getTokenValue().startsWith(MARK)) {
                hashed.token(withValue(token.getToken(), hash(token.getToken().getTokenValue())));
            }
        }
        Object principal = authorization.getAttribute(Principal.class.getName());
        if (principal instanceof Authentication person && !(person.getPrincipal() instanceof String)) {
            hashed.attribute(Principal.class.getName(), UsernamePasswordAuthenticationToken.authenticated(
                    person.getName(), null, person.getAuthorities()));
        }
        OAuth2Authorization toStore = hashed.build();
        rememberRotated(toStore);
        stored.save(toStore);
    }

    private void rememberRotated(OAuth2Authorization next) {
        OAuth2Authorization previous = stored.findById(next.getId());
        if (previous == null) {
            pruneNowAndThen();
        }
        OAuth2Authorization.Token<OAuth2RefreshToken> old = previous == null ? null : previous.getRefreshToken();
        OAuth2Authorization.Token<OAuth2RefreshToken> current = next.getRefreshToken();
        if (old != null && (current == null
                || !old.getToken().getTokenValue().equals(current.getToken().getTokenValue()))) {
            String oldHash = old.getToken().getTokenValue();
            jdbc.update("""
                    insert into oauth_rotated_refresh_token (token_hash, authorization_id, rotated_at)
                    select ?, ?, ? where not exists (select 1 from oauth_rotated_refresh_token where token_hash = ?)""",
                    oldHash, next.getId(), Timestamp.from(clock.instant()), oldHash);
        }
    }

    @Override
    public void remove(OAuth2Authorization authorization) {
        stored.remove(authorization);
    }

    @Override
    public @Nullable OAuth2Authorization findById(String id) {
        return stored.findById(id);
    }

    @Override
    public @Nullable OAuth2Authorization findByToken(String token, @Nullable OAuth2TokenType tokenType) {
        if (tokenType != null && "state".equals(tokenType.getValue())) {
            return stored.findByToken(token, tokenType);
        }
        String hash = hash(token);
        OAuth2Authorization found = stored.findByToken(hash, tokenType);
        if (found == null) {
            if (OAuth2TokenType.REFRESH_TOKEN.equals(tokenType)) {
                revokeIfReplayed(hash);
            }
            return null;
        }
        OAuth2Authorization.Builder presented = OAuth2Authorization.from(found);
        for (Class<? extends OAuth2Token> type : TOKENS) {
            OAuth2Authorization.Token<? extends OAuth2Token> stored = found.getToken(type);
            if (stored != null && stored.getToken().getTokenValue().equals(hash)) {
                presented.token(withValue(stored.getToken(), token));
            }
        }
        return presented.build();
    }

    private void pruneNowAndThen() {
        Instant now = clock.instant();
        Instant last = lastPruned.get();
        boolean recently = !now.isBefore(last) && now.isBefore(last.plus(PRUNE_EVERY));
        if (recently || !lastPruned.compareAndSet(last, now)) {
            return; // pruned a moment ago, or another thread is pruning now
        }
        Timestamp cutoff = Timestamp.from(now.minus(GRACE));
        jdbc.update("""
                delete from oauth2_authorization
                where coalesce(refresh_token_expires_at, access_token_expires_at, authorization_code_expires_at) < ?
                   or (authorization_code_value is null and access_token_value is null and created_at < ?)""",
                cutoff, cutoff);
        jdbc.update("""
                delete from oauth_rotated_refresh_token
                where rotated_at < ? or not exists (select 1 from oauth2_authorization a where a.id = authorization_id)""",
                Timestamp.from(now.minus(ClientRegistrations.REFRESH_TOKEN_TTL).minus(GRACE)));
    }

    private void revokeIfReplayed(String hash) {
        List<String> replayed = jdbc.queryForList(
                "select authorization_id from oauth_rotated_refresh_token where token_hash = ?", String.class, hash);
        OAuth2Authorization grant = replayed.isEmpty() ? null : stored.findById(replayed.getFirst());
        if (grant != null && grant.getRefreshToken() != null) {
            // invalidating the refresh token invalidates the access token (and any code) with it
            stored.save(OAuth2Authorization.from(grant).invalidate(grant.getRefreshToken().getToken()).build());
        }
    }

    static String hash(String token) {
        return MARK + AccessTokens.hash(token);
    }

    /** The same token (times, scopes) with another value; the builder keeps the existing metadata. */
    private static OAuth2Token withValue(OAuth2Token token, String value) {
        return switch (token) {
            case OAuth2AccessToken access -> new OAuth2AccessToken(access.getTokenType(), value, access.getIssuedAt(),
                    access.getExpiresAt(), access.getScopes());
            case OAuth2RefreshToken refresh -> new OAuth2RefreshToken(value, refresh.getIssuedAt(),
                    refresh.getExpiresAt());
            case OAuth2AuthorizationCode code -> new OAuth2AuthorizationCode(value, code.getIssuedAt(),
                    code.getExpiresAt());
            default -> throw new IllegalArgumentException("Unexpected token type " + token.getClass().getName());
        };
    }
}
