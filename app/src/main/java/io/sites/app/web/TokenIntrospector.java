package io.sites.app.web;

import io.sites.api.AccountId;
import io.sites.app.identity.AccessTokens;
import io.sites.app.identity.oauth.OAuthAccessTokens;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.oauth2.core.DefaultOAuth2AuthenticatedPrincipal;
import org.springframework.security.oauth2.core.OAuth2AuthenticatedPrincipal;
import org.springframework.security.oauth2.server.resource.introspection.BadOpaqueTokenException;
import org.springframework.security.oauth2.server.resource.introspection.OpaqueTokenIntrospector;
import org.springframework.stereotype.Component;

/**
 * Every bearer token, of either kind, ends here and leaves as the same principal: named by the account id, with
 * the single scope mcp. The kind is told by its shape: a JWS (three dot-separated parts) is an OAuth access token
 * of our authorization server; anything else is looked up as a personal access token by its hash.
 */
@Component
class TokenIntrospector implements OpaqueTokenIntrospector {
    static final String SCOPE = "mcp";

    private final AccessTokens personalTokens;
    private final OAuthAccessTokens oauthTokens;

    TokenIntrospector(AccessTokens personalTokens, OAuthAccessTokens oauthTokens) {
        this.personalTokens = personalTokens;
        this.oauthTokens = oauthTokens;
    }

    @Override
    public OAuth2AuthenticatedPrincipal introspect(String token) {
        Optional<AccountId> account = OAuthAccessTokens.looksLikeOne(token) ? oauthTokens.verify(token)
                : personalTokens.verify(token);
        return account
                .map(id -> (OAuth2AuthenticatedPrincipal) new DefaultOAuth2AuthenticatedPrincipal(
                        id.value(), Map.of("sub", id.value(), "scope", SCOPE),
                        List.of(new SimpleGrantedAuthority("SCOPE_" + SCOPE))))
                .orElseThrow(() -> new BadOpaqueTokenException("The token is unknown, expired or revoked."));
    }
}
