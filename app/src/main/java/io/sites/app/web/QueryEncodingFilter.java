package io.sites.app.web;

import io.sites.api.code.ErrorCode;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a query string that does not decode (bad percent-encoding, overlong UTF-8) with 400 in the envelope,
 * before anything reads a parameter. Tomcat decodes the query lazily, at the first parameter read, so without
 * this the refusal surfaced wherever that read happened: in a controller, in Spring Security, or while a page
 * template was rendering, where no exception handler reaches and it became a 500.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 20)
class QueryEncodingFilter extends OncePerRequestFilter {
    static final String MESSAGE = "The query string could not be decoded. Percent-encode each parameter name and "
            + "value as UTF-8 (for example %C3%A9 for é and %25 for a literal %).";

    private final ErrorResponses errors;

    QueryEncodingFilter(ErrorResponses errors) {
        this.errors = errors;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return request.getQueryString() == null;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        try {
            // Tomcat parses a form body in the same call, but only of a form POST, which Spring would read anyway.
            request.getParameterMap();
        } catch (InvalidParameterException undecodable) {
            errors.write(response, ErrorCode.BAD_REQUEST, MESSAGE);
            return;
        }
        chain.doFilter(request, response);
    }
}
