package io.sites.app.identity.oauth;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.Door;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.springframework.security.oauth2.core.OAuth2AccessToken;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.stereotype.Component;

/**
 * Access tokens of our authorization server, as the resource server sees them: a JWT signed with our key, from
 * our issuer, for one of our resources, unexpired (by the application's clock), and whose authorization still
 * exists with this token not revoked. The last check is one indexed lookup by hash per request, the same price a
 * personal access token pays, and it makes revocation immediate.
 */
@Component
public class OAuthAccessTokens {
    /** Three base64url parts: a JWS in compact form. Personal access tokens never contain a dot. */
    private static final Pattern JWS = Pattern.compile("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+");

    private final JwtDecoder decoder;
    private final OAuth2AuthorizationService authorizations;
    private final RegisteredClientRepository clients;

    OAuthAccessTokens(JwtDecoder decoder, OAuth2AuthorizationService authorizations,
            RegisteredClientRepository clients) {
        this.decoder = decoder;
        this.authorizations = authorizations;
        this.clients = clients;
    }

    /** Whether a bearer token has the shape of one of ours (otherwise it may be a personal access token). */
    public static boolean looksLikeOne(String token) {
        return token != null && token.length() <= 8192 && JWS.matcher(token).matches();
    }

    /** The account an access token acts for, if every check passes. */
    public Optional<AccountId> verify(String token) {
        return actorOf(token).map(Actor::accountId);
    }

    /** As {@link #verify}, with the door (OAuth) and the client's name as it registered, for the history. */
    public Optional<Actor> actorOf(String token) {
        Jwt jwt;
        try {
            jwt = decoder.decode(token);
        } catch (JwtException refused) {
            return Optional.empty();
        }
        OAuth2Authorization authorization = authorizations.findByToken(token, OAuth2TokenType.ACCESS_TOKEN);
        if (authorization == null) {
            return Optional.empty();
        }
        OAuth2Authorization.Token<OAuth2AccessToken> access = authorization.getAccessToken();
        List<String> scopes = jwt.getClaimAsStringList("scope");
        if (access == null || access.isInvalidated() || !token.equals(access.getToken().getTokenValue())
                || jwt.getSubject() == null || scopes == null || !scopes.contains(ClientRegistrations.SCOPE)) {
            return Optional.empty();
        }
        RegisteredClient client = clients.findById(authorization.getRegisteredClientId());
        return Optional.of(new Actor(new AccountId(jwt.getSubject()), Door.OAUTH,
                client == null ? null : client.getClientName()));
    }
}
