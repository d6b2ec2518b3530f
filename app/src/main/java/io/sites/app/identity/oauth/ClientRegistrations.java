package io.sites.app.identity.oauth;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.server.authorization.OAuth2ClientRegistration;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2ClientRegistrationAuthenticationContext;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2ClientRegistrationAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2ClientRegistrationAuthenticationValidator;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.converter.OAuth2ClientRegistrationRegisteredClientConverter;
import org.springframework.security.oauth2.server.authorization.settings.ClientSettings;
import org.springframework.security.oauth2.server.authorization.settings.OAuth2TokenFormat;
import org.springframework.security.oauth2.server.authorization.settings.TokenSettings;

/**
 * Open dynamic client registration (RFC 7591) for MCP clients, which are public clients on a person's machine:
 * no client secret ({@code token_endpoint_auth_method} none), the authorization code grant with PKCE and rotating
 * refresh tokens, the single scope mcp, and redirect URIs that are https or http on a loopback address. Anything
 * else is refused with the RFC 7591 error that names it.
 */
final class ClientRegistrations {
    static final String SCOPE = "mcp";
    static final Duration ACCESS_TOKEN_TTL = Duration.ofHours(1);
    static final Duration REFRESH_TOKEN_TTL = Duration.ofDays(30);
    static final Duration CODE_TTL = Duration.ofMinutes(5);
    private static final Set<String> GRANT_TYPES = Set.of(AuthorizationGrantType.AUTHORIZATION_CODE.getValue(),
            AuthorizationGrantType.REFRESH_TOKEN.getValue());
    private static final Set<String> LOOPBACK = Set.of("127.0.0.1", "[::1]", "localhost");
    private static final String INVALID_METADATA = "invalid_client_metadata";

    private final OAuth2ClientRegistrationRegisteredClientConverter defaults =
            new OAuth2ClientRegistrationRegisteredClientConverter();

    void validate(OAuth2ClientRegistrationAuthenticationContext context) {
        OAuth2ClientRegistrationAuthenticationValidator.DEFAULT_REDIRECT_URI_VALIDATOR.accept(context);
        OAuth2ClientRegistrationAuthenticationValidator.DEFAULT_JWK_SET_URI_VALIDATOR.accept(context);
        OAuth2ClientRegistrationAuthenticationToken request = context.getAuthentication();
        OAuth2ClientRegistration registration = request.getClientRegistration();
        List<String> redirectUris = registration.getRedirectUris();
        if (redirectUris == null || redirectUris.isEmpty()) {
            throw refused("invalid_redirect_uri", "At least one redirect_uri is required.");
        }
        for (String redirectUri : redirectUris) {
            if (!acceptable(redirectUri)) {
                throw refused("invalid_redirect_uri", "Redirect URIs must use https, or http on a loopback "
                        + "address (127.0.0.1, [::1] or localhost).");
            }
        }
        List<String> scopes = registration.getScopes();
        if (scopes != null && !scopes.stream().allMatch(SCOPE::equals)) {
            throw refused(INVALID_METADATA, "The only scope is " + SCOPE + ".");
        }
        String method = registration.getTokenEndpointAuthenticationMethod();
        if (method != null && !ClientAuthenticationMethod.NONE.getValue().equals(method)) {
            throw refused(INVALID_METADATA, "Only public clients can register: token_endpoint_auth_method none.");
        }
        List<String> grantTypes = registration.getGrantTypes();
        if (grantTypes != null && !GRANT_TYPES.containsAll(grantTypes)) {
            throw refused(INVALID_METADATA, "grant_types may be authorization_code and refresh_token only.");
        }
        List<String> responseTypes = registration.getResponseTypes();
        if (responseTypes != null && !responseTypes.stream().allMatch("code"::equals)) {
            throw refused(INVALID_METADATA, "response_types may be code only.");
        }
    }

    /** The registered client: always public, PKCE required, consent required, scope mcp, our token lifetimes. */
    RegisteredClient toClient(OAuth2ClientRegistration registration) {
        RegisteredClient converted = defaults.convert(registration);
        return asPublicClient(RegisteredClient.from(converted), converted.getClientSettings().getSettings()).build();
    }

    /**
     * What every public client of ours is, registered or built in ({@link CommandLineClient}): no secret, the
     * authorization code with PKCE and rotating refresh tokens, consent, scope mcp, our token lifetimes.
     */
    static RegisteredClient.Builder asPublicClient(RegisteredClient.Builder client, Map<String, Object> settings) {
        return client
                .clientSecret(null)
                .clientAuthenticationMethods(methods -> {
                    methods.clear();
                    methods.add(ClientAuthenticationMethod.NONE);
                })
                .authorizationGrantTypes(types -> {
                    types.clear();
                    types.add(AuthorizationGrantType.AUTHORIZATION_CODE);
                    types.add(AuthorizationGrantType.REFRESH_TOKEN);
                })
                .scopes(scopes -> {
                    scopes.clear();
                    scopes.add(SCOPE);
                })
                .clientSettings(ClientSettings.withSettings(settings)
                        .requireProofKey(true).requireAuthorizationConsent(true).build())
                .tokenSettings(TokenSettings.builder()
                        .accessTokenFormat(OAuth2TokenFormat.SELF_CONTAINED)
                        .accessTokenTimeToLive(ACCESS_TOKEN_TTL)
                        .refreshTokenTimeToLive(REFRESH_TOKEN_TTL)
                        .authorizationCodeTimeToLive(CODE_TTL)
                        .reuseRefreshTokens(false)
                        .build());
    }

    /**
     * A redirect to this computer (127.0.0.1, [::1] or localhost, any port): whichever local program listens on the
     * port receives the code, so such a client is asked for consent every time ({@link LoopbackConsents}).
     */
    static boolean loopback(String redirectUri) {
        try {
            URI uri = new URI(redirectUri);
            return "http".equals(uri.getScheme()) && uri.getHost() != null && LOOPBACK.contains(uri.getHost());
        } catch (URISyntaxException malformed) {
            return false;
        }
    }

    private static boolean acceptable(String redirectUri) {
        try {
            URI uri = new URI(redirectUri);
            if (uri.getHost() == null || uri.getRawUserInfo() != null) {
                return false;
            }
            return "https".equals(uri.getScheme())
                    || "http".equals(uri.getScheme()) && LOOPBACK.contains(uri.getHost());
        } catch (URISyntaxException malformed) {
            return false;
        }
    }

    private static OAuth2AuthenticationException refused(String code, String description) {
        return new OAuth2AuthenticationException(new OAuth2Error(code, description,
                "https://www.rfc-editor.org/rfc/rfc7591#section-3.2.2"));
    }
}
