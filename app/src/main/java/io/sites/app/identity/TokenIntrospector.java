package io.sites.app.identity;

import java.util.List;
import java.util.Map;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.oauth2.core.DefaultOAuth2AuthenticatedPrincipal;
import org.springframework.security.oauth2.core.OAuth2AuthenticatedPrincipal;
import org.springframework.security.oauth2.server.resource.introspection.BadOpaqueTokenException;
import org.springframework.security.oauth2.server.resource.introspection.OpaqueTokenIntrospector;
import org.springframework.stereotype.Component;

/** Bearer tokens are looked up by hash in our own database; every token carries the single scope mcp. */
@Component
class TokenIntrospector implements OpaqueTokenIntrospector {
    static final String SCOPE = "mcp";

    private final AccessTokens tokens;

    TokenIntrospector(AccessTokens tokens) {
        this.tokens = tokens;
    }

    @Override
    public OAuth2AuthenticatedPrincipal introspect(String token) {
        return tokens.verify(token)
                .map(account -> (OAuth2AuthenticatedPrincipal) new DefaultOAuth2AuthenticatedPrincipal(
                        account.value(), Map.of("sub", account.value(), "scope", SCOPE),
                        List.of(new SimpleGrantedAuthority("SCOPE_" + SCOPE))))
                .orElseThrow(() -> new BadOpaqueTokenException("The token is unknown, expired or revoked."));
    }
}
