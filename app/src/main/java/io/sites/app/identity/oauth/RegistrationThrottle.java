package io.sites.app.identity.oauth;

import io.sites.app.identity.AddressThrottle;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Open client registration, limited per client address: without it one address could fill the client table
 * without end. Every POST counts, refused metadata too. The refusal is OAuth's JSON error with 429 and
 * Retry-After, which client libraries read as "try later". Not a bean: it belongs to the authorization server's
 * chain only.
 */
final class RegistrationThrottle extends OncePerRequestFilter {
    private static final byte[] REFUSED = ("{\"error\":\"temporarily_unavailable\",\"error_description\":\"Too many "
            + "client registrations from this address; try again in an hour, or reuse the client_id you have.\"}")
            .getBytes(StandardCharsets.UTF_8);

    private final String path;
    private final AddressThrottle throttle;
    private final int perHour;

    RegistrationThrottle(String path, AddressThrottle throttle, int perHour) {
        this.path = path;
        this.throttle = throttle;
        this.perHour = perHour;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !"POST".equals(request.getMethod()) || !path.equals(request.getRequestURI());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (throttle.admit("client-registration", request.getRemoteAddr(), perHour)) {
            chain.doFilter(request, response);
            return;
        }
        response.setStatus(429);
        response.setHeader("Retry-After", String.valueOf(AddressThrottle.WINDOW.toSeconds()));
        response.setHeader("Cache-Control", "no-store");
        response.setContentType("application/json");
        response.setContentLength(REFUSED.length);
        response.getOutputStream().write(REFUSED);
    }
}
