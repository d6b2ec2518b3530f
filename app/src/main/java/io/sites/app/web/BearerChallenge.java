package io.sites.app.web;

import io.sites.api.code.ErrorCode;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;

/**
 * 401 AUTH_REQUIRED in the envelope, with a WWW-Authenticate challenge that points at the protected-resource
 * metadata (RFC 9728), and error="invalid_token" when a token was sent but not accepted.
 */
class BearerChallenge implements AuthenticationEntryPoint, AccessDeniedHandler {
    private final ErrorResponses errors;

    BearerChallenge(ErrorResponses errors) {
        this.errors = errors;
    }

    @Override
    public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException failure)
            throws IOException {
        challenge(request, response);
    }

    @Override
    public void handle(HttpServletRequest request, HttpServletResponse response, AccessDeniedException denied)
            throws IOException {
        challenge(request, response);
    }

    private void challenge(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String authorization = request.getHeader("Authorization");
        boolean tokenSent = authorization != null && !authorization.isBlank();
        // RFC 9728: the metadata of the resource that was asked for; the MCP endpoint has its own document.
        String metadata = errors.urls().api(request.getRequestURI().startsWith("/mcp")
                ? "/.well-known/oauth-protected-resource/mcp" : "/.well-known/oauth-protected-resource");
        response.setHeader("WWW-Authenticate", "Bearer resource_metadata=\"" + metadata + "\""
                + (tokenSent ? ", error=\"invalid_token\", error_description=\"The token is unknown, expired, "
                        + "revoked or malformed.\"" : ""));
        errors.write(response, ErrorCode.AUTH_REQUIRED, tokenSent
                ? "The bearer token is unknown, expired, revoked or malformed. Send a valid token as "
                        + "'Authorization: Bearer <token>'."
                : "Authentication required. Send 'Authorization: Bearer <token>' with a personal access token "
                        + "or an OAuth access token.");
    }
}
