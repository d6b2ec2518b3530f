package io.sites.cli;

import java.net.URI;
import java.time.Instant;

/**
 * The bearer token of one run towards one API address. A token given on the command line or in SITES_TOKEN is
 * used as it is, wherever the run is told to go. Otherwise only the login stored for the address's origin is used:
 * never another origin's, so {@code --api} or SITES_API naming another host gets no token unless one is given. A
 * browser login's access token is renewed with its refresh token, at the token endpoint of the service that issued
 * it, when it has expired or when its own origin refuses it (401), once; the refresh token rotates, so the new one is
 * stored at once, under the config's lock (the service revokes a login whose refresh token is presented twice).
 */
final class Credential {
    // Renew a little early: a token that expires in flight is refused mid-command.
    private static final long MARGIN_SECONDS = 30;

    private final String given;
    private final Config config;
    private final Origin origin;
    private final boolean insecure;
    private Config.Stored stored;

    private Credential(String given, Config config, Origin origin, boolean insecure) {
        this.given = given;
        this.config = config;
        this.origin = origin;
        this.insecure = insecure;
    }

    /** The given token when there is one, else the login stored for the origin of {@code api}. */
    static Credential of(String given, Config config, URI api, boolean insecure) {
        return new Credential(given, config, Origin.of(api), insecure);
    }

    /**
     * The token to send now, renewed first when a stored OAuth login has expired; null when there is none.
     * Synchronized with {@link #renew}: a publish sends batches from two threads, and a refresh token is good once.
     */
    synchronized String token() {
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

    /** Why there is no token: what to do, and which origins do have a login (a login stays at its own). */
    String missing() {
        java.util.Set<String> others = new java.util.TreeSet<>(config.read().byOrigin().keySet());
        others.remove(origin.toString());
        return "Not logged in to " + origin + ": run sites login --api " + origin + ", or pass --token or SITES_TOKEN."
                + (others.isEmpty() ? "" : " (Stored logins are used only where they were made: "
                + String.join(", ", others) + ".)");
    }

    /** After a 401 from this origin: a new access token from its stored refresh token, when there is one. */
    synchronized boolean renew() {
        Config.Stored login = stored();
        if (given != null || login.oauth() == null || login.oauth().refreshToken() == null) {
            return false;
        }
        String held = login.oauth().refreshToken();
        stored = config.locked(() -> {
            Config.Stored now = config.login(origin);
            if (now.oauth() != null && now.oauth().refreshToken() != null
                    && !held.equals(now.oauth().refreshToken())) {
                return now; // another command renewed it meanwhile: its token is the current one
            }
            Config.OAuth oauth = login.oauth();
            AuthorizationServer.Tokens renewed = new AuthorizationServer(insecure).refresh(
                    URI.create(oauth.tokenEndpoint()), held);
            Config.Stored next = new Config.Stored(login.api(), renewed.access(), new Config.OAuth(oauth.clientId(),
                    renewed.refresh() != null ? renewed.refresh() : held, renewed.expiresAt(),
                    oauth.tokenEndpoint(), oauth.revocationEndpoint()));
            config.store(next, false);
            return next;
        });
        return true;
    }

    private Config.Stored stored() {
        if (stored == null) {
            stored = config.login(origin);
        }
        return stored;
    }
}
