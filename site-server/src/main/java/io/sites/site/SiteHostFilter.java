package io.sites.site;

import io.sites.api.ManifestEntry;
import io.sites.site.SiteDirectory.Site;
import io.sites.site.SiteDirectory.Version;
import io.sites.site.SiteFiles.Coding;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Answers every request whose Host is a site host, in front of the API's filters and dispatcher: a site request
 * never reaches Spring Security, the API's cookies or its error pages. {@code {slug}.{site_host}} serves the
 * current version, {@code v{n}--{slug}.{site_host}} the stored version n (a preview).
 */
public class SiteHostFilter extends OncePerRequestFilter {
    /**
     * The authoring rules, enforced again by the browser: scripts and styles only from the site itself (inline
     * allowed), no frames, workers or plugins, and the site may not be framed by others.
     */
    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self' 'unsafe-inline'; "
            + "style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; media-src 'self' data: https:; "
            + "font-src 'self' data:; connect-src 'self'; frame-src 'none'; child-src 'none'; worker-src 'none'; "
            + "object-src 'none'; base-uri 'self'; form-action 'self' https:; frame-ancestors 'none'";
    private static final String ASSET_MAX_AGE = "public, max-age=300";

    private static final byte[] NOT_FOUND_PAGE = page("Not found", "There is nothing at this address.");
    private static final byte[] GONE_PAGE = page("Gone", "This site was deleted.");
    private static final byte[] PASSWORD_PAGE = page("Password required", "This site is protected by a password.");
    private static final byte[] THROTTLED_PAGE = page("Too many attempts", "Wait a minute, then try again.");
    private static final byte[] METHOD_PAGE = page("Method not allowed", "Sites answer GET and HEAD only.");

    private final SiteHosts hosts;
    private final SiteDirectory directory;
    private final SiteFiles files;
    private final SiteGate gate;

    SiteHostFilter(SiteHosts hosts, SiteDirectory directory, SiteFiles files, SiteGate gate) {
        this.hosts = hosts;
        this.directory = directory;
        this.files = files;
        this.gate = gate;
    }

    private static byte[] page(String title, String text) {
        return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + title + "</title></head>\n"
                + "<body><h1>" + title + "</h1><p>" + text + "</p></body></html>\n").getBytes(StandardCharsets.UTF_8);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Optional<String> label = hosts.slugOf(request.getServerName());
        if (label.isEmpty()) {
            chain.doFilter(request, response);
            return;
        }
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        response.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
        String method = request.getMethod();
        boolean head = "HEAD".equals(method);
        if (!head && !"GET".equals(method)) {
            response.setHeader("Allow", "GET, HEAD");
            plain(response, HttpServletResponse.SC_METHOD_NOT_ALLOWED, METHOD_PAGE, false);
            return;
        }
        Site site = directory.find(label.get()).orElse(null);
        Version version = site == null ? null : site.current();
        if (site == null) {
            // Not a slug: perhaps a preview, v{n}--{slug}. A slug of that very shape wins (checked first).
            Preview preview = Preview.parse(label.get());
            site = preview == null ? null : directory.find(preview.slug()).orElse(null);
            version = site == null ? null : site.stored(preview.version()).orElse(null);
        }
        if (site == null) {
            plain(response, HttpServletResponse.SC_NOT_FOUND, NOT_FOUND_PAGE, head);
            return;
        }
        if (site.deleted()) {
            plain(response, HttpServletResponse.SC_GONE, GONE_PAGE, head);
            return;
        }
        switch (gate.check(site, request.getHeader("Authorization"), request.getRemoteAddr())) {
            case ASK -> {
                response.setHeader("WWW-Authenticate", "Basic realm=\"" + site.slug() + "\", charset=\"UTF-8\"");
                plain(response, HttpServletResponse.SC_UNAUTHORIZED, PASSWORD_PAGE, head);
                return;
            }
            case THROTTLED -> {
                response.setHeader("Retry-After", "60");
                plain(response, 429, THROTTLED_PAGE, head);
                return;
            }
            case OPEN -> {
            }
        }
        boolean isPrivate = site.passwordHash() != null;
        Optional<String> path = SitePaths.decode(request.getRequestURI());
        if (version == null || path.isEmpty()) {
            notFound(request, response, version, isPrivate, head);
            return;
        }
        String requested = path.get();
        Optional<ManifestEntry> file = resolve(version, requested);
        if (file.isEmpty() && !requested.isEmpty() && !requested.endsWith("/")
                && version.file(requested + "/index.html").isPresent()) {
            // A directory without its slash: redirect, so the page's relative links resolve as its author meant.
            String query = request.getQueryString();
            response.setStatus(HttpServletResponse.SC_MOVED_PERMANENTLY);
            response.setHeader("Location", request.getRequestURI() + "/" + (query == null ? "" : "?" + query));
            response.setContentLength(0);
            return;
        }
        if (file.isEmpty()) {
            notFound(request, response, version, isPrivate, head);
            return;
        }
        serve(request, response, version, file.get(), HttpServletResponse.SC_OK, isPrivate, head);
    }

    /** A preview host's label: {@code v{n}--{slug}}. */
    record Preview(int version, String slug) {
        static Preview parse(String label) {
            int dashes = label.indexOf("--");
            if (dashes < 2 || label.charAt(0) != 'v' || dashes > 10) {
                return null;
            }
            int number = 0;
            for (int i = 1; i < dashes; i++) {
                char c = label.charAt(i);
                if (c < '0' || c > '9') {
                    return null;
                }
                number = number * 10 + (c - '0');
            }
            return number == 0 ? null : new Preview(number, label.substring(dashes + 2));
        }
    }

    /** "/" and "dir/" serve their index.html; "about" serves about.html when no file is named "about". */
    private static Optional<ManifestEntry> resolve(Version version, String path) {
        if (path.isEmpty() || path.endsWith("/")) {
            return version.file(path + "index.html");
        }
        return version.file(path).or(() -> version.file(path + ".html"));
    }

    private void notFound(HttpServletRequest request, HttpServletResponse response, Version version,
            boolean isPrivate, boolean head) throws IOException {
        Optional<ManifestEntry> custom = version == null ? Optional.empty() : version.file("404.html");
        if (custom.isPresent()) {
            serve(request, response, version, custom.get(), HttpServletResponse.SC_NOT_FOUND, isPrivate, head);
        } else {
            plain(response, HttpServletResponse.SC_NOT_FOUND, NOT_FOUND_PAGE, head);
        }
    }

    private void serve(HttpServletRequest request, HttpServletResponse response, Version version,
            ManifestEntry file, int status, boolean isPrivate, boolean head) throws IOException {
        boolean html = file.contentType().startsWith("text/html");
        boolean compressible = SiteFiles.compressible(file.contentType());
        String sha = file.sha256();
        response.setHeader("Cache-Control", isPrivate ? "private, no-cache" : html ? "no-cache" : ASSET_MAX_AGE);
        response.setHeader("Last-Modified", version.lastModified());
        if (compressible) {
            response.setHeader("Vary", "Accept-Encoding");
        }
        boolean ok = status == HttpServletResponse.SC_OK;
        if (ok) {
            response.setHeader("Accept-Ranges", "bytes");
            if (notModified(request, sha, version)) {
                response.setHeader("ETag", "\"" + sha + "\"");
                response.setStatus(HttpServletResponse.SC_NOT_MODIFIED);
                return;
            }
        }
        response.setContentType(file.contentType());
        long size = file.size();
        String range = ok ? request.getHeader("Range") : null;
        if (range != null && rangeStillValid(request.getHeader("If-Range"), sha, version)) {
            long[] span = Ranges.parse(range, size);
            if (span == Ranges.UNSATISFIABLE) {
                response.setHeader("ETag", "\"" + sha + "\"");
                response.setHeader("Content-Range", "bytes */" + size);
                response.setStatus(HttpServletResponse.SC_REQUESTED_RANGE_NOT_SATISFIABLE);
                response.setContentLength(0);
                return;
            }
            if (span != null) {
                long length = span[1] - span[0] + 1;
                response.setHeader("ETag", "\"" + sha + "\"");
                response.setStatus(HttpServletResponse.SC_PARTIAL_CONTENT);
                response.setHeader("Content-Range", "bytes " + span[0] + "-" + span[1] + "/" + size);
                response.setContentLengthLong(length);
                if (!head) {
                    write(response, file, span[0], length);
                }
                return;
            }
            // Several ranges or a malformed header: ignored, the whole file follows (RFC 9110 allows that).
        }
        response.setStatus(status);
        Coding coding = compressible ? accepted(request.getHeader("Accept-Encoding")) : Coding.IDENTITY;
        byte[] body = null;
        while (coding != Coding.IDENTITY && (body = files.variant(file, coding)) == null) {
            coding = coding == Coding.BROTLI ? Coding.GZIP : Coding.IDENTITY;
        }
        response.setHeader("ETag", "\"" + sha + coding.tagSuffix + "\"");
        if (body != null) {
            response.setHeader("Content-Encoding", coding.token);
            response.setContentLength(body.length);
            if (!head) {
                response.getOutputStream().write(body);
            }
            return;
        }
        response.setContentLengthLong(size);
        if (!head) {
            write(response, file, 0, size);
        }
    }

    /** Sends length bytes from offset: from memory for a cached file, streamed from the store otherwise. */
    private void write(HttpServletResponse response, ManifestEntry file, long offset, long length)
            throws IOException {
        OutputStream out = response.getOutputStream();
        if (files.cacheable(file)) {
            out.write(files.bytes(file), (int) offset, (int) length);
            return;
        }
        try (InputStream in = files.open(file)) {
            in.skipNBytes(offset);
            byte[] buffer = new byte[64 * 1024];
            long left = length;
            while (left > 0) {
                int read = in.read(buffer, 0, (int) Math.min(buffer.length, left));
                if (read < 0) {
                    throw new IOException("Blob " + file.sha256() + " ended early");
                }
                out.write(buffer, 0, read);
                left -= read;
            }
        }
    }

    /** If-None-Match (any of our tags of this content, or *) wins over If-Modified-Since, as RFC 9110 says. */
    private static boolean notModified(HttpServletRequest request, String sha, Version version) {
        String noneMatch = request.getHeader("If-None-Match");
        if (noneMatch != null) {
            return noneMatch.contains(sha) || noneMatch.trim().equals("*");
        }
        String since = request.getHeader("If-Modified-Since");
        if (since == null) {
            return false;
        }
        try {
            return !version.publishedAt().isAfter(
                    ZonedDateTime.parse(since, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant().plusMillis(999));
        } catch (DateTimeParseException malformed) {
            return false;
        }
    }

    /** If-Range: the range applies only while the client's copy is this one (strong tag, or the exact date). */
    private static boolean rangeStillValid(String ifRange, String sha, Version version) {
        if (ifRange == null) {
            return true;
        }
        String value = ifRange.trim();
        return value.equals("\"" + sha + "\"") || value.equals(version.lastModified());
    }

    /** Brotli when accepted, else gzip; q=0 refuses a coding. */
    static Coding accepted(String acceptEncoding) {
        if (acceptEncoding == null) {
            return Coding.IDENTITY;
        }
        boolean gzip = false;
        for (String part : acceptEncoding.split(",")) {
            String[] pieces = part.split(";");
            String name = pieces[0].trim();
            boolean refused = false;
            for (int i = 1; i < pieces.length; i++) {
                String parameter = pieces[i].trim().replace(" ", "");
                if (parameter.startsWith("q=") && parameter.substring(2).matches("0(\\.0{0,3})?")) {
                    refused = true;
                }
            }
            if (refused) {
                continue;
            }
            if (name.equalsIgnoreCase("br")) {
                return Coding.BROTLI;
            }
            if (name.equalsIgnoreCase("gzip")) {
                gzip = true;
            }
        }
        return gzip ? Coding.GZIP : Coding.IDENTITY;
    }

    private static void plain(HttpServletResponse response, int status, byte[] page, boolean head)
            throws IOException {
        response.setStatus(status);
        response.setContentType("text/html; charset=utf-8");
        response.setHeader("Cache-Control", "no-cache");
        response.setContentLength(page.length);
        if (!head) {
            response.getOutputStream().write(page);
        }
    }
}
