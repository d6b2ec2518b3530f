package io.sites.site.transport;

import io.sites.site.serving.SiteFiles;
import io.sites.site.serving.SiteRequest;
import io.sites.site.serving.SiteResponder;
import io.sites.site.serving.SiteResponse;
import io.sites.site.serving.SiteTraffic;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Optional;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Answers every request whose Host is a site host when it arrives on the API's port, in front of the API's
 * filters and dispatcher: a site request never reaches Spring Security, the API's cookies or its error pages.
 * The dedicated {@link SiteListener} port is the fast path; both follow {@link SiteResponder}.
 */
class SiteHostFilter extends OncePerRequestFilter {
    private final SiteResponder responder;
    private final SiteFiles files;
    private final SiteTraffic.Port traffic;

    SiteHostFilter(SiteResponder responder, SiteFiles files, SiteTraffic traffic) {
        this.responder = responder;
        this.files = files;
        this.traffic = traffic.apiPort();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Optional<String> label = responder.label(request.getServerName());
        if (label.isEmpty()) {
            chain.doFilter(request, response);
            return;
        }
        SiteResponse answer = responder.respond(label.get(), new ServletSiteRequest(request), true);
        // The leased span's stream is taken at once, so the lease goes back even if the response fails before its body.
        try (InputStream leased = answer.leasedSpan()) {
            send(answer, leased, response);
        }
    }

    private void send(SiteResponse answer, InputStream leased, HttpServletResponse response) throws IOException {
        response.setStatus(answer.status());
        traffic.answered(answer.status());
        List<String> headers = answer.headers();
        for (int i = 0; i < headers.size(); i += 2) {
            response.setHeader(headers.get(i), headers.get(i + 1));
        }
        if (answer.status() != HttpServletResponse.SC_NOT_MODIFIED) {
            response.setContentLengthLong(answer.contentLength());
        }
        if (!answer.hasBody()) {
            return;
        }
        ServletOutputStream out = response.getOutputStream();
        if (answer.body() != null) {
            out.write(answer.body());
            traffic.sent(answer.contentLength());
            return;
        }
        if (leased != null) {
            copy(leased, out, answer.contentLength());
            return;
        }
        try (InputStream in = answer.storedBody(files)) {
            copy(in, out, answer.contentLength());
        }
    }

    /** Copies the body's bytes (the servlet container has no sendfile here), counting them as they go. */
    private void copy(InputStream in, ServletOutputStream out, long length) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        long left = length;
        while (left > 0) {
            int read = in.read(buffer, 0, (int) Math.min(buffer.length, left));
            if (read < 0) {
                throw new IOException("A blob ended early");
            }
            out.write(buffer, 0, read);
            traffic.sent(read);
            left -= read;
        }
    }

    private record ServletSiteRequest(HttpServletRequest request) implements SiteRequest {
        @Override
        public String method() {
            return request.getMethod();
        }

        @Override
        public String host() {
            return request.getServerName();
        }

        @Override
        public String rawPath() {
            return request.getRequestURI();
        }

        @Override
        public String query() {
            return request.getQueryString();
        }

        @Override
        public String header(String name) {
            return request.getHeader(name);
        }

        @Override
        public String remoteAddress() {
            return request.getRemoteAddr();
        }
    }
}
