package io.sites.app.web;

import io.sites.api.id.Actor;
import io.sites.app.identity.Callers;
import io.sites.app.identity.AccessTokens;
import io.sites.app.identity.oauth.OAuthAccessTokens;
import java.util.List;
import java.util.HashMap;
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
 * of our authorization server; anything else is looked up as a personal access token by its hash. The principal's
 * attributes also say which kind it was and the token's or OAuth client's name ({@link Callers#DOOR},
 * {@link Callers#CREDENTIAL}), so the events a request causes record the door it came through.
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
        Optional<Actor> actor = OAuthAccessTokens.looksLikeOne(token) ? oauthTokens.actorOf(token)
                : personalTokens.actorOf(token);
        return actor.map(TokenIntrospector::principal).orElseThrow(
                () -> new BadOpaqueTokenException("The token is unknown, expired or revoked."));
    }

    private static OAuth2AuthenticatedPrincipal principal(Actor actor) {
        String id = actor.accountId().value();
        Map<String, Object> attributes = new HashMap<>(Map.of("sub", id, "scope", SCOPE, Callers.DOOR, actor.via()));
        if (actor.credential() != null) {
            attributes.put(Callers.CREDENTIAL, actor.credential());
        }
        return new DefaultOAuth2AuthenticatedPrincipal(id, attributes,
                List.of(new SimpleGrantedAuthority("SCOPE_" + SCOPE)));
    }
}
