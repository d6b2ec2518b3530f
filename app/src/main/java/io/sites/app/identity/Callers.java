package io.sites.app.identity;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.Door;
import java.util.Map;
import java.util.Optional;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.server.resource.authentication.BearerTokenAuthentication;

/**
 * The calling account of the current request, as the bearer-token chain authenticated it. Every adapter asks here
 * (controllers through {@link CallerArgumentResolver}, MCP tools through their transport context), whatever kind
 * of token was sent: a personal access token and an OAuth access token both yield a
 * {@link BearerTokenAuthentication} named by the account id. A person signed in to the web application (named by
 * username) is not a caller of the interface, so a session yields nothing.
 */
public final class Callers {
    /** The principal's attribute naming the {@link Door} its token came through (token or oauth). */
    public static final String DOOR = "sites_door";
    /** The principal's attribute naming the personal token's or the OAuth client's name, when it has one. */
    public static final String CREDENTIAL = "sites_credential";

    private Callers() {
    }

    public static Optional<AccountId> current() {
        if (SecurityContextHolder.getContext().getAuthentication() instanceof BearerTokenAuthentication bearer
                && bearer.isAuthenticated()) {
            return Optional.of(new AccountId(bearer.getName()));
        }
        return Optional.empty();
    }

    /** The calling account with the door and credential it came through, for the events its request causes. */
    public static Optional<Actor> currentActor() {
        if (SecurityContextHolder.getContext().getAuthentication() instanceof BearerTokenAuthentication bearer
                && bearer.isAuthenticated()) {
            Map<String, Object> attributes = bearer.getTokenAttributes();
            return Optional.of(new Actor(new AccountId(bearer.getName()),
                    attributes.get(DOOR) instanceof Door door ? door : null,
                    attributes.get(CREDENTIAL) instanceof String name ? name : null));
        }
        return Optional.empty();
    }
}
