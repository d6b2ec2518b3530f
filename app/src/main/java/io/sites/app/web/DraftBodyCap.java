package io.sites.app.web;

import io.sites.api.code.ErrorCode;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * A draft's body is capped near what its files may weigh (base64 and JSON around them), before anything is spooled
 * or held: anyone may send one where anonymous drafts are on, and the request cap of a publish (256 MiB) is far too
 * generous for that. Declared too large: 413 DRAFT_TOO_LARGE at once; chunked: cut off while read (413).
 */
@Component
@Order(IdempotencyFilter.ORDER - 2)
class DraftBodyCap extends OncePerRequestFilter {
    /** Room for the JSON around the files: names, paths, types, escapes. */
    private static final long ENVELOPE = 64 * 1024;

    private final ErrorResponses errors;
    private final long maxBody;

    DraftBodyCap(ErrorResponses errors, @Value("${sites.drafts.max-bytes:2097152}") long maxBytes) {
        this.errors = errors;
        // base64 is 4 bytes for 3, and JSON escapes may double text; twice the files' limit covers both.
        this.maxBody = 2 * maxBytes + ENVELOPE;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !("POST".equals(request.getMethod()) && "/v1/drafts".equals(request.getRequestURI()));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String refusal = "A draft's request may be at most " + maxBody + " bytes (its files at most half of that). "
                + "Nothing was published.";
        if (request.getContentLengthLong() > maxBody) {
            errors.write(response, ErrorCode.DRAFT_TOO_LARGE, refusal);
            return;
        }
        chain.doFilter(new HttpServletRequestWrapper(request) {
            private ServletInputStream capped;

            @Override
            public ServletInputStream getInputStream() throws IOException {
                if (capped == null) {
                    capped = new CappedServletInput(request.getInputStream(), maxBody, refusal);
                }
                return capped;
            }
        }, response);
    }
}
