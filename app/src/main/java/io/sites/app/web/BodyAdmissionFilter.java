package io.sites.app.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Caps API request bodies so one request cannot exhaust the heap: refused up front by Content-Length, and
 * counted while read for chunked bodies. Larger files belong in upload slots, which stream to the blob store.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
class RequestSizeFilter extends OncePerRequestFilter {
    private final long maxBytes;
    private final ErrorResponses errors;

    RequestSizeFilter(@Value("${sites.limits.request-bytes}") long maxBytes, ErrorResponses errors) {
        this.maxBytes = maxBytes;
        this.errors = errors;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !request.getRequestURI().startsWith("/v1");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (request.getContentLengthLong() > maxBytes) {
            errors.write(response, 413, ErrorCodes.PAYLOAD_TOO_LARGE, message());
            return;
        }
        chain.doFilter(new Capped(request), response);
    }

    private String message() {
        return "The request body is larger than " + maxBytes + " bytes. Send large binary files through upload "
                + "slots (POST /v1/uploads) or by sourceUrl instead of inline content.";
    }

    private final class Capped extends HttpServletRequestWrapper {
        private ServletInputStream stream;

        Capped(HttpServletRequest request) {
            super(request);
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (stream == null) {
                stream = new CountingStream(super.getInputStream());
            }
            return stream;
        }
    }

    private final class CountingStream extends ServletInputStream {
        private final ServletInputStream in;
        private long read;

        CountingStream(ServletInputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = in.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(long n) {
            read += n;
            if (read > maxBytes) {
                throw new PayloadTooLargeException(message());
            }
        }

        @Override
        public boolean isFinished() {
            return in.isFinished();
        }

        @Override
        public boolean isReady() {
            return in.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
            in.setReadListener(listener);
        }
    }
}
