package io.sites.site;

import io.sites.api.ManifestEntry;
import io.sites.api.blob.BlobStore;
import io.sites.site.SiteDirectory.Site;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Answers every request whose Host is a site host, in front of the API's filters and dispatcher: a site request
 * never reaches Spring Security, the API's cookies or its error pages.
 */
public class SiteHostFilter extends OncePerRequestFilter {
    private static final byte[] NOT_FOUND_PAGE = """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head>
            <body><h1>Not found</h1><p>There is nothing at this address.</p></body></html>
            """.getBytes(StandardCharsets.UTF_8);

    private final SiteHosts hosts;
    private final SiteDirectory directory;
    private final BlobStore blobs;

    public SiteHostFilter(SiteHosts hosts, SiteDirectory directory, BlobStore blobs) {
        this.hosts = hosts;
        this.directory = directory;
        this.blobs = blobs;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Optional<String> slug = hosts.slugOf(request.getServerName());
        if (slug.isEmpty()) {
            chain.doFilter(request, response);
            return;
        }
        response.setHeader("X-Content-Type-Options", "nosniff");
        String method = request.getMethod();
        boolean head = "HEAD".equals(method);
        if (!head && !"GET".equals(method)) {
            response.setHeader("Allow", "GET, HEAD");
            sendPlain(response, HttpServletResponse.SC_METHOD_NOT_ALLOWED, "Method not allowed", head);
            return;
        }
        Optional<Site> site = directory.find(slug.get());
        Optional<String> path = SitePaths.decode(request.getRequestURI());
        if (site.isEmpty() || path.isEmpty()) {
            notFound(response, site, head);
            return;
        }
        String requested = path.get();
        Optional<ManifestEntry> file = resolve(site.get(), requested);
        if (file.isEmpty() && !requested.isEmpty() && !requested.endsWith("/")
                && site.get().file(requested + "/index.html").isPresent()) {
            // A directory without its slash: redirect, so the page's relative links resolve as its author meant.
            String query = request.getQueryString();
            response.setStatus(HttpServletResponse.SC_MOVED_PERMANENTLY);
            response.setHeader("Location", request.getRequestURI() + "/" + (query == null ? "" : "?" + query));
            response.setContentLength(0);
            return;
        }
        if (file.isEmpty()) {
            notFound(response, site, head);
            return;
        }
        serve(request, response, file.get(), HttpServletResponse.SC_OK, head);
    }

    /** "/" and "dir/" serve their index.html; "about" serves about.html when no file is named "about". */
    private static Optional<ManifestEntry> resolve(Site site, String path) {
        if (path.isEmpty() || path.endsWith("/")) {
            return site.file(path + "index.html");
        }
        return site.file(path).or(() -> site.file(path + ".html"));
    }

    private void notFound(HttpServletResponse response, Optional<Site> site, boolean head) throws IOException {
        Optional<ManifestEntry> custom = site.flatMap(s -> s.file("404.html"));
        if (custom.isPresent()) {
            serve(null, response, custom.get(), HttpServletResponse.SC_NOT_FOUND, head);
        } else {
            response.setStatus(HttpServletResponse.SC_NOT_FOUND);
            response.setContentType("text/html; charset=utf-8");
            response.setHeader("Cache-Control", "no-cache");
            response.setContentLength(NOT_FOUND_PAGE.length);
            if (!head) {
                response.getOutputStream().write(NOT_FOUND_PAGE);
            }
        }
    }

    private void serve(HttpServletRequest request, HttpServletResponse response, ManifestEntry file, int status,
            boolean head) throws IOException {
        String etag = "\"" + file.sha256() + "\"";
        response.setHeader("ETag", etag);
        response.setHeader("Cache-Control", file.contentType().startsWith("text/html")
                ? "no-cache" : "public, max-age=300");
        if (status == HttpServletResponse.SC_OK && request != null && etag.equals(request.getHeader("If-None-Match"))) {
            response.setStatus(HttpServletResponse.SC_NOT_MODIFIED);
            return;
        }
        Optional<InputStream> bytes = blobs.open(file.sha256());
        if (bytes.isEmpty()) {
            throw new IOException("Blob " + file.sha256() + " of " + file.path() + " is missing from the store");
        }
        response.setStatus(status);
        response.setContentType(file.contentType());
        response.setContentLengthLong(file.size());
        try (InputStream in = bytes.get()) {
            if (!head) {
                OutputStream out = response.getOutputStream();
                in.transferTo(out);
            }
        }
    }

    private static void sendPlain(HttpServletResponse response, int status, String text, boolean head)
            throws IOException {
        byte[] body = (text + "\n").getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType("text/plain; charset=utf-8");
        response.setContentLength(body.length);
        if (!head) {
            response.getOutputStream().write(body);
        }
    }
}
