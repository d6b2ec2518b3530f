package io.sites.cli;

import java.net.URI;
import java.time.Instant;

/**
 * The bearer token of one run. A token given on the command line or in SITES_TOKEN, or a personal access token
 * stored by {@code login --token}, is used as it is. A browser login's access token is renewed with its refresh
 * token when it has expired, or when the API refuses it (401), once; the refresh token rotates, so the new one is
 * stored at once, under the config's lock (the service revokes a login whose refresh token is presented twice).
 */
final class Credential {
    // Renew a little early: a token that expires in flight is refused mid-command.
    private static final long MARGIN_SECONDS = 30;

    private final String given;
    private final Config config;
    private Config.Stored stored;

    private Credential(String given, Config config) {
        this.given = given;
        this.config = config;
    }

    /** The given token when there is one, else the stored login's. */
    static Credential of(String given, Config config) {
        return new Credential(given, config);
    }

    /** The token to send now, renewed first when a stored OAuth login has expired; null when there is none. */
    String token() {
        if (given != null) {
            return given;
        }
        Config.Stored login = stored();
        if (login.oauth() != null && login.oauth().expiresAt() != null
                && Instant.now().plusSeconds(MARGIN_SECONDS).isAfter(login.oauth().expiresAt())) {
            renew();
        }
        return stored().token();
    }

    /** After a 401: a new access token from the stored refresh token, when there is one; false otherwise. */
    boolean renew() {
        Config.Stored login = stored();
        if (given != null || login.oauth() == null || login.oauth().refreshToken() == null) {
            return false;
        }
        String held = login.oauth().refreshToken();
        stored = config.locked(() -> {
            Config.Stored now = config.read();
            if (now.oauth() != null && now.oauth().refreshToken() != null
                    && !held.equals(now.oauth().refreshToken())) {
                return now; // another command renewed it meanwhile: its token is the current one
            }
            Config.OAuth oauth = login.oauth();
            AuthorizationServer.Tokens renewed = new AuthorizationServer().refresh(
                    URI.create(oauth.tokenEndpoint()), held);
            Config.Stored next = new Config.Stored(login.api(), renewed.access(), new Config.OAuth(oauth.clientId(),
                    renewed.refresh() != null ? renewed.refresh() : held, renewed.expiresAt(),
                    oauth.tokenEndpoint(), oauth.revocationEndpoint()));
            config.write(next);
            return next;
        });
        return true;
    }

    private Config.Stored stored() {
        if (stored == null) {
            stored = config.read();
        }
        return stored;
    }
}
