package io.sites.app.identity;

import io.sites.api.AccountId;
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
    private Callers() {
    }

    public static Optional<AccountId> current() {
        if (SecurityContextHolder.getContext().getAuthentication() instanceof BearerTokenAuthentication bearer
                && bearer.isAuthenticated()) {
            return Optional.of(new AccountId(bearer.getName()));
        }
        return Optional.empty();
    }
}
