package io.sites.app.webapp;

import io.sites.api.code.ErrorCode;
import io.sites.app.web.ErrorResponses;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Locale;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * A bearer token never opens a web application route: tokens carry the scope mcp, which grants the interface's
 * operations only. Such a request gets 403 FORBIDDEN in the envelope, whether or not the token is valid (it is not
 * even looked up: a valid one would not grant this route either, and the route must not tell valid from invalid).
 * First in the chain, before the session and CSRF filters, so a POST is answered the same way.
 */
final class BearerRefusal extends OncePerRequestFilter {
    private final ErrorResponses errors;

    BearerRefusal(ErrorResponses errors) {
        this.errors = errors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String authorization = request.getHeader("Authorization");
        if (authorization != null && authorization.strip().toLowerCase(Locale.ROOT).startsWith("bearer")) {
            errors.write(response, ErrorCode.FORBIDDEN, "Access tokens grant only the "
                    + "operations of the interface (" + errors.urls().api("/v1") + ") and the MCP endpoint ("
                    + errors.urls().api("/mcp") + "). The web application under /app is for people signed in with "
                    + "a password; send no Authorization header here.");
            return;
        }
        chain.doFilter(request, response);
    }
}
