package io.sites.app.operations;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.MDC;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Gives every request on the API's port an id: a well-formed incoming X-Request-Id (a proxy's or the client's) or a
 * new one, in the MDC as {@code requestId} while the request is handled (so every line it logs carries it, a field
 * of its own in JSON logs) and echoed as X-Request-Id on the response, error envelopes included. Runs right after
 * SiteHostFilter, before the query check and Spring Security; site hosts are answered before it and get no id
 * (see docs/DECISIONS.md, "Operations").
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
class RequestIdFilter extends OncePerRequestFilter {
    static final String HEADER = "X-Request-Id";
    static final String MDC_KEY = "requestId";
    /** Long enough for a UUID or a trace id with a prefix; anything longer is no id but a payload. */
    static final int MAX_LENGTH = 64;
    private static final String ATTRIBUTE = RequestIdFilter.class.getName();

    /** Error and async dispatches run after the first pass returned: they take up the same id again. */
    @Override
    protected boolean shouldNotFilterErrorDispatch() {
        return false;
    }

    @Override
    protected boolean shouldNotFilterAsyncDispatch() {
        return false;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String id = (String) request.getAttribute(ATTRIBUTE);
        if (id == null) {
            id = wellFormed(request.getHeader(HEADER)) ? request.getHeader(HEADER) : generate();
            request.setAttribute(ATTRIBUTE, id);
            response.setHeader(HEADER, id);
        }
        MDC.put(MDC_KEY, id);
        try {
            chain.doFilter(request, response);
        } finally {
            MDC.remove(MDC_KEY);
        }
    }

    /** Letters, digits and {@code - _ . :}: nothing that could split a log line, forge a field or a header. */
    static boolean wellFormed(String id) {
        if (id == null || id.isEmpty() || id.length() > MAX_LENGTH) {
            return false;
        }
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            boolean safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'
                    || c == '_' || c == '.' || c == ':';
            if (!safe) {
                return false;
            }
        }
        return true;
    }

    /** 128 random bits as 32 hex digits; unguessable is not needed, only unique enough to find one request. */
    private static String generate() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return String.format("%016x%016x", random.nextLong(), random.nextLong());
    }
}
