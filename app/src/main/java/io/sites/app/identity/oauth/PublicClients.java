package io.sites.app.identity.oauth;

import jakarta.servlet.http.HttpServletRequest;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.core.endpoint.OAuth2ParameterNames;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2ClientAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.settings.AuthorizationServerSettings;
import org.springframework.security.web.authentication.AuthenticationConverter;

/**
 * Public clients identify themselves by {@code client_id} alone where OAuth 2.1 lets them: when they redeem a
 * refresh token (which rotates, and is bound to the client) and when they revoke a token of their own (RFC 7009).
 * The library authenticates public clients only at the code exchange, by PKCE; that case is left to it. Token
 * introspection stays closed to public clients.
 */
final class PublicClients implements AuthenticationConverter, AuthenticationProvider {
    private final RegisteredClientRepository clients;
    private final AuthorizationServerSettings settings;

    PublicClients(RegisteredClientRepository clients, AuthorizationServerSettings settings) {
        this.clients = clients;
        this.settings = settings;
    }

    @Override
    public @Nullable Authentication convert(HttpServletRequest request) {
        String path = request.getRequestURI();
        boolean refresh = path.equals(settings.getTokenEndpoint())
                && AuthorizationGrantType.REFRESH_TOKEN.getValue().equals(request.getParameter(
                        OAuth2ParameterNames.GRANT_TYPE));
        boolean revoke = path.equals(settings.getTokenRevocationEndpoint());
        String[] clientIds = request.getParameterValues(OAuth2ParameterNames.CLIENT_ID);
        if (!"POST".equals(request.getMethod()) || !(refresh || revoke) || clientIds == null
                || request.getHeader(HttpHeaders.AUTHORIZATION) != null
                || request.getParameter(OAuth2ParameterNames.CLIENT_SECRET) != null
                || request.getParameter(OAuth2ParameterNames.CLIENT_ASSERTION) != null) {
            return null;
        }
        if (clientIds.length != 1 || clientIds[0].isBlank()) {
            throw new OAuth2AuthenticationException(OAuth2ErrorCodes.INVALID_REQUEST);
        }
        Map<String, Object> parameters = new HashMap<>();
        request.getParameterMap().forEach((name, values) -> {
            if (!name.equals(OAuth2ParameterNames.CLIENT_ID)) {
                parameters.put(name, values.length == 1 ? values[0] : values);
            }
        });
        parameters.put(PublicClients.class.getName(), Boolean.TRUE);
        return new OAuth2ClientAuthenticationToken(clientIds[0], ClientAuthenticationMethod.NONE, null, parameters);
    }

    @Override
    public @Nullable Authentication authenticate(Authentication authentication) {
        OAuth2ClientAuthenticationToken presented = (OAuth2ClientAuthenticationToken) authentication;
        if (!ClientAuthenticationMethod.NONE.equals(presented.getClientAuthenticationMethod())
                || !presented.getAdditionalParameters().containsKey(PublicClients.class.getName())) {
            return null; // not ours: the code exchange with PKCE, or a confidential client
        }
        RegisteredClient client = clients.findByClientId(String.valueOf(presented.getPrincipal()));
        if (client == null || !client.getClientAuthenticationMethods().contains(ClientAuthenticationMethod.NONE)) {
            throw new OAuth2AuthenticationException(new OAuth2Error(OAuth2ErrorCodes.INVALID_CLIENT,
                    "Client authentication failed: client_id", null));
        }
        return new OAuth2ClientAuthenticationToken(client, ClientAuthenticationMethod.NONE, null);
    }

    @Override
    public boolean supports(Class<?> authentication) {
        return OAuth2ClientAuthenticationToken.class.isAssignableFrom(authentication);
    }
}
