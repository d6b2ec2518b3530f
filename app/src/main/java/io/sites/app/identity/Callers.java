package io.sites.app.identity;

import io.sites.api.AccountId;
import java.util.Optional;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.server.resource.authentication.BearerTokenAuthentication;

/**
 * The calling account of the current request, as the bearer-token chain authenticated it, whatever kind of token
 * was sent (personal access token or OAuth access token: both yield a {@link BearerTokenAuthentication} named by
 * the account id). Controllers get it through {@link CallerArgumentResolver}; the MCP adapter asks here. A person
 * signed in to the web application is not a caller of the interface, so a session yields nothing.
 */
public final class Callers {
    private Callers() {
    }

    public static Optional<AccountId> current() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        if (authentication instanceof BearerTokenAuthentication bearer && bearer.isAuthenticated()) {
            return Optional.of(new AccountId(bearer.getName()));
        }
        return Optional.empty();
    }
}
