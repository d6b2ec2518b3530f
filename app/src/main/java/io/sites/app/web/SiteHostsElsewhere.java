package io.sites.app.web;

import io.sites.api.code.ErrorCode;
import io.sites.app.roles.ConditionalOnRole;
import io.sites.app.roles.ServiceRole;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * On a replica with the API role only, a site host that reaches the API's port (a load balancer sending it to the
 * wrong replicas) is answered 404 in the envelope, first, where the site server's filter would otherwise stand: it
 * never reaches the API's routes, security or cookies. See docs/DECISIONS.md, "Roles".
 */
@Component
@ConditionalOnRole(value = ServiceRole.API, alone = true)
@Order(Ordered.HIGHEST_PRECEDENCE)
class SiteHostsElsewhere extends OncePerRequestFilter {
    static final String MESSAGE = "This replica serves the API only; websites are served by the site replicas.";

    private final ErrorResponses errors;

    SiteHostsElsewhere(ErrorResponses errors) {
        this.errors = errors;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !errors.urls().isSiteHost(request.getHeader("Host"));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        errors.write(response, ErrorCode.NOT_FOUND, MESSAGE);
    }
}
