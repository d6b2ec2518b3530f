package io.sites.app.identity;

import io.sites.api.AccountId;
import java.util.Optional;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * The calling account of the current request, as the bearer-token chain authenticated it. Every adapter asks here
 * (controllers through {@link CallerArgumentResolver}, MCP tools through their transport context), whatever kind
 * of token was sent: the authentication's name is the account id.
 */
public final class Callers {
    private Callers() {
    }

    public static Optional<AccountId> current() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        if (authentication == null || !authentication.isAuthenticated()
                || authentication instanceof AnonymousAuthenticationToken) {
            return Optional.empty();
        }
        return Optional.of(new AccountId(authentication.getName()));
    }
}
