package io.sites.app.identity.oauth;

import io.sites.app.SiteUrls;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.endpoint.OAuth2AuthorizationRequest;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationContext;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationException;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationGrantAuthenticationToken;
import org.springframework.stereotype.Component;

/**
 * RFC 8707 resource indicators: which resources a token may be asked for, and the audience it then carries. The
 * resources are ours only: the API host ({base_url}), its tool-protocol endpoint ({base_url}/mcp) and the REST
 * interface ({base_url}/v1). A request without {@code resource} gets {base_url}, which both endpoints accept.
 */
@Component
class ResourceIndicators {
    static final String PARAMETER = "resource";
    static final String INVALID_TARGET = "invalid_target";

    private final String base;
    private final Set<String> accepted;

    ResourceIndicators(SiteUrls urls) {
        this.base = urls.api("");
        this.accepted = Set.of(base, urls.api("/mcp"), urls.api("/v1"));
    }

    /** Every audience our resource server accepts. */
    Set<String> accepted() {
        return accepted;
    }

    /** The resource of an authorization request: its {@code resource}, else {base_url}. */
    String requested(Map<String, Object> parameters) {
        Object value = parameters.get(PARAMETER);
        return value == null ? base : (String) value;
    }

    /** Authorization requests name at most one resource, and only one of ours (else invalid_target). */
    void validate(OAuth2AuthorizationCodeRequestAuthenticationContext context) {
        OAuth2AuthorizationCodeRequestAuthenticationToken asked = context.getAuthentication();
        Object value = asked.getAdditionalParameters().get(PARAMETER);
        if (value != null && !(value instanceof String single && accepted.contains(single))) {
            OAuth2Error error = new OAuth2Error(INVALID_TARGET, "The resource must be one of " + List.copyOf(
                    accepted) + ", given once.", "https://www.rfc-editor.org/rfc/rfc8707#section-2");
            throw new OAuth2AuthorizationCodeRequestAuthenticationException(error, asked);
        }
    }

    /**
     * The audience of an access token issued under an authorization: the resource the person consented to. A token
     * request may repeat that resource, but not ask for another one.
     */
    String audience(@Nullable OAuth2Authorization authorization, @Nullable Authentication grant) {
        OAuth2AuthorizationRequest request = authorization == null ? null
                : authorization.getAttribute(OAuth2AuthorizationRequest.class.getName());
        String authorized = request == null ? base : requested(request.getAdditionalParameters());
        if (grant instanceof OAuth2AuthorizationGrantAuthenticationToken token) {
            Object asked = token.getAdditionalParameters().get(PARAMETER);
            if (asked != null && !authorized.equals(asked)) {
                throw new OAuth2AuthenticationException(new OAuth2Error(INVALID_TARGET,
                        "The token request names another resource than the authorization was granted for.",
                        "https://www.rfc-editor.org/rfc/rfc8707#section-2"));
            }
        }
        return authorized;
    }
}
