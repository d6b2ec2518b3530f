package io.sites.site.serving;

import static io.sites.site.serving.SiteHeaders.PRIVATE_CACHE_CONTROL;
import static io.sites.site.serving.SiteHeaders.PRIVATE_VARY;
import static io.sites.site.serving.SiteHeaders.accepted;
import static io.sites.site.serving.SiteHeaders.etag;
import static io.sites.site.serving.SiteHeaders.fileHeaders;
import static io.sites.site.serving.SiteHeaders.notModified;
import static io.sites.site.serving.SiteHeaders.rangeStillValid;
import io.sites.api.site.ManifestEntry;
import io.sites.api.site.ServedPaths;
import io.sites.api.site.SiteAddress;
import io.sites.api.site.SiteAddress.Preview;
import io.sites.api.site.rules.RedirectRules;
import io.sites.site.directory.SiteDirectory;
import io.sites.site.directory.SiteDirectory.Site;
import io.sites.site.directory.SiteDirectory.Version;
import io.sites.site.quota.RequestCeiling;
import io.sites.site.quota.SiteLimits;
import io.sites.site.usage.SiteUsage;
import io.sites.site.serving.SiteFiles.Coding;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import io.sites.api.site.policy.ContentPolicy;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Every rule of serving a site, in one place for both HTTP stacks (the servlet filter on the API's port and the
 * dedicated Netty listener): {@code {slug}.{site_host}} serves the current version, {@code v{n}--{slug}.{site_host}}
 * the stored version n (a preview).
 */
public final class SiteResponder {
    /**
     * The authoring rules, enforced again by the browser: scripts and styles only from the site itself (inline
     * allowed), no frames, workers or plugins, and the site may not be framed by others; data from any https origin.
     */
    static final String CONTENT_SECURITY_POLICY = ContentPolicy.HEADER;
    /** Seconds; reading the stream at start takes a few seconds for thousands of versions. */
    private static final String STARTING_RETRY_AFTER = "2";

    private final SiteAddress address;
    private final SiteDirectory directory;
    private final SiteFiles files;
    private final SiteGate gate;
    private final SiteRules.Cache rules;
    private final SitePreviews previews;
    private final UsageTap usage;
    private final SharedCache shared;
    private final QuotaGate quota;
    private final HttpsGate https;

    SiteResponder(SiteAddress address, SiteDirectory directory, SiteFiles files, SiteGate gate,
            SitePreviews previews, long rulesCacheBytes) {
        this(address, directory, files, gate, previews, rulesCacheBytes, null, SharedCache.NONE, null, null,
                SecureHosts.NONE);
    }

    /**
     * @param rulesCacheBytes the bound of the compiled site rules kept in memory
     * @param usage where each website's answers are counted, or null
     * @param shared what a shared cache in front is told (tags, s-maxage), when a purger keeps it current
     * @param limits the paused websites and own request ceilings, and {@code ceiling} the token buckets (null: none)
     * @param secure which custom hosts move to HTTPS, and ACME's challenge answers
     */
    SiteResponder(SiteAddress address, SiteDirectory directory, SiteFiles files, SiteGate gate,
            SitePreviews previews, long rulesCacheBytes, SiteUsage usage, SharedCache shared, SiteLimits limits,
            RequestCeiling ceiling, SecureHosts secure) {
        this.quota = new QuotaGate(limits, ceiling);
        this.https = new HttpsGate(secure, address);
        this.usage = new UsageTap(usage);
        this.shared = shared;
        this.address = address;
        this.directory = directory;
        this.files = files;
        this.gate = gate;
        this.previews = previews;
        this.rules = new SiteRules.Cache(files, rulesCacheBytes);
    }

    /** The headers of every answer for a site host, first in its list. */
    static void securityHeaders(SiteResponse response) {
        response.header("X-Content-Type-Options", "nosniff");
        response.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        response.header("Referrer-Policy", "strict-origin-when-cross-origin");
    }

    /**
     * The site label of a host ({@code slug} or {@code v{n}--slug}), or the slug of a served custom hostname; empty
     * when the host is neither.
     */
    public Optional<String> label(String host) {
        Optional<String> label = address.labelOf(host);
        return label.isPresent() ? label : directory.slugAt(host);
    }

    /**
     * The label to answer for on the site port, which answers every host: one that is no site host gets what an
     * unknown site gets ("" names no site). The API's port hands such hosts to the API instead.
     */
    public String labelOnSitePort(String host) {
        return label(SiteAddress.hostName(host)).orElse("");
    }

    /**
     * The answer to a request for a site host's label. With {@code mayBlock} false (an event loop), null means
     * the answer needs work that may block (a blob not in memory, a first compression, a password hash): ask
     * again from a thread that may block.
     */
    public SiteResponse respond(String label, SiteRequest request, boolean mayBlock) throws IOException {
        return usage.served(request, decide(label, request, mayBlock));
    }

    private SiteResponse decide(String label, SiteRequest request, boolean mayBlock) throws IOException {
        SiteResponse response = new SiteResponse();
        String method = request.method();
        response.head = "HEAD".equals(method);
        if (!response.head && !"GET".equals(method)) {
            response.header("Allow", "GET, HEAD");
            return plain(response, 405, SitePages.METHOD);
        }
        SiteResponse atTheDoor = https.answer(request, response,
                directory.redirectAt(SiteAddress.hostName(request.host())).orElse(null));
        if (atTheDoor != null) {
            return atTheDoor;
        }
        if (!directory.isCaughtUp()) {
            // Until the directory has read what the store held at start, a 404 could deny an acknowledged version.
            response.header("Retry-After", STARTING_RETRY_AFTER);
            return plain(response, 503, SitePages.STARTING);
        }
        Site site = directory.find(label).orElse(null);
        Version version = site == null ? null : site.current();
        Preview preview = null;
        if (site == null) {
            // Not a slug: perhaps a preview, v{n}--{slug}. A slug of that very shape wins (checked first).
            preview = Preview.parse(label);
            site = preview == null ? null : directory.find(preview.slug()).orElse(null);
            version = site == null ? null : site.stored(preview.version()).orElse(null);
        }
        if (site == null) {
            return plain(response, 404, SitePages.NOT_FOUND);
        }
        if (site.deleted()) {
            return plain(response, 410, SitePages.GONE);
        }
        response.website = site.websiteId();
        SiteResponse refused = quota.refuse(site.websiteId(), response);
        if (refused != null) {
            return refused;
        }
        if (preview != null && version == null && site.pruned(preview.version())) {
            return plain(response, 410, SitePages.PRUNED);
        }
        boolean granted = false;
        if (preview != null) {
            // Before the password: a version without a grant must look like one that does not exist.
            boolean live = site.current() != null && site.current().number() == preview.version();
            switch (previews.admit(site, preview.version(), live, request, response)) {
                case HIDDEN -> {
                    return plain(response, 404, SitePages.NOT_FOUND);
                }
                case REDIRECTED -> {
                    return response;
                }
                case GRANTED -> granted = true;
                case PUBLIC -> {
                }
            }
        }
        boolean isPrivate = site.passwordHash() != null;
        response.isPrivate = isPrivate;
        if (isPrivate && !mayBlock) {
            return null;
        }
        if (isPrivate) {
            switch (gate.check(site, request.header("Authorization"), request.remoteAddress())) {
                case ASK -> {
                    response.header("WWW-Authenticate", "Basic realm=\"" + site.slug() + "\", charset=\"UTF-8\"");
                    return plain(response, 401, SitePages.PASSWORD);
                }
                case THROTTLED -> {
                    response.header("Retry-After", "60");
                    return plain(response, 429, SitePages.THROTTLED);
                }
                case OPEN -> {
                }
            }
        }
        if (version != null && !mayBlock && !version.inMemory()) {
            return null; // a manifest not in memory is read from the event store, which blocks
        }
        isPrivate |= granted; // a preview's answers are its grant holders', never a shared cache's
        response.tags = version == null ? null : shared.tags(site.websiteId(), version.number(), isPrivate);
        Optional<String> path = SitePaths.decode(request.rawPath());
        if (version == null || path.isEmpty()) {
            return notFound(request, response, version, isPrivate, mayBlock);
        }
        String requested = path.get();
        Map<String, ManifestEntry> manifest = version.files();
        ManifestEntry redirectsFile = manifest.get(SiteRules.REDIRECTS);
        ManifestEntry headersFile = manifest.get(SiteRules.HEADERS);
        if (redirectsFile != null || headersFile != null) { // the hot path of a site without rules ends here
            return withRules(request, response, version, requested, redirectsFile, headersFile, isPrivate,
                    mayBlock);
        }
        Optional<ManifestEntry> file = ServedPaths.served(requested, version::file);
        String directoryIndex = file.isEmpty() ? ServedPaths.directoryIndex(requested) : null;
        return byFile(request, response, version, requested, file,
                directoryIndex != null && version.file(directoryIndex).isPresent(), isPrivate, mayBlock);
    }

    /** The clean-URL answer: the file, a directory without its slash redirected, or the 404 page. */
    private SiteResponse byFile(SiteRequest request, SiteResponse response, Version version, String requested,
            Optional<ManifestEntry> file, boolean directory, boolean isPrivate, boolean mayBlock) throws IOException {
        if (directory) {
            // A directory without its slash: redirect, so the page's relative links resolve as its author meant.
            response.status = 301;
            response.header("Location", SitePaths.directoryLocation(requested, request.query()));
            if (isPrivate) {
                response.header("Cache-Control", PRIVATE_CACHE_CONTROL);
                response.header("Vary", PRIVATE_VARY);
            }
            return response;
        }
        if (file.isEmpty()) {
            return notFound(request, response, version, isPrivate, mayBlock);
        }
        return serve(request, response, version, file.get(), 200, isPrivate, mayBlock);
    }

    /**
     * A version with {@code _redirects} or {@code _headers}: the rules files are not served; a file at the address
     * wins over a rule unless the rule is forced; the first matching rule redirects, rewrites (200, the address
     * unchanged) or serves its page with 404 or 410; matching {@code _headers} blocks add their headers to files.
     */
    private SiteResponse withRules(SiteRequest request, SiteResponse response, Version version, String requested,
            ManifestEntry redirectsFile, ManifestEntry headersFile, boolean isPrivate, boolean mayBlock)
            throws IOException {
        SiteRules siteRules = rules.of(redirectsFile, headersFile, mayBlock);
        if (siteRules == null) {
            return null;
        }
        String urlPath = "/" + requested;
        response.ruleHeaders = siteRules.headersFor(urlPath);
        Function<String, Optional<ManifestEntry>> lookup = p -> p.equals(SiteRules.REDIRECTS)
                || p.equals(SiteRules.HEADERS) ? Optional.empty() : version.file(p);
        Optional<ManifestEntry> file = ServedPaths.served(requested, lookup);
        String directoryIndex = file.isEmpty() ? ServedPaths.directoryIndex(requested) : null;
        boolean directory = directoryIndex != null && version.file(directoryIndex).isPresent();
        RedirectRules.Match match = siteRules.redirects == null ? null : siteRules.redirects.match(urlPath);
        if (match != null && (match.rule().force() || (file.isEmpty() && !directory))) {
            RedirectRules.Rule rule = match.rule();
            if (rule.redirect()) {
                response.ruleHeaders = null;
                response.status = rule.status();
                response.header("Location", SitePaths.ascii(match.target()));
                response.header("Cache-Control", isPrivate ? PRIVATE_CACHE_CONTROL : "no-cache");
                if (isPrivate) {
                    response.header("Vary", PRIVATE_VARY);
                }
                return response;
            }
            Optional<ManifestEntry> target = SitePaths.decode(match.target().split("[?#]", 2)[0])
                    .flatMap(p -> ServedPaths.served(p, lookup));
            if (target.isPresent()) {
                return serve(request, response, version, target.get(), rule.status(), isPrivate, mayBlock);
            }
            return rule.status() == 410 ? plain(response, 410, SitePages.GONE)
                    : notFound(request, response, version, isPrivate, mayBlock);
        }
        return byFile(request, response, version, requested, file, directory, isPrivate, mayBlock);
    }

    private SiteResponse notFound(SiteRequest request, SiteResponse response, Version version, boolean isPrivate,
            boolean mayBlock) throws IOException {
        Optional<ManifestEntry> custom = version == null ? Optional.empty() : version.file("404.html");
        if (custom.isPresent()) {
            return serve(request, response, version, custom.get(), 404, isPrivate, mayBlock);
        }
        return plain(response, 404, SitePages.NOT_FOUND);
    }

    private SiteResponse serve(SiteRequest request, SiteResponse response, Version version, ManifestEntry file,
            int status, boolean isPrivate, boolean mayBlock) throws IOException {
        String sha = file.sha256();
        String contentType = file.contentType();
        boolean ok = status == 200;
        if (!isPrivate) {
            response.sharedControl = SharedCache.cacheControl(file.path(), contentType.startsWith("text/html"),
                    response.tags);
        }
        if (ok && notModified(request, sha, version)) {
            fileHeaders(response, contentType, version.lastModified(), isPrivate, ok, response.ruleHeaders);
            response.header("ETag", etag(sha, Coding.IDENTITY));
            response.status = 304;
            return response;
        }
        long size = file.size();
        String range = ok ? request.header("Range") : null;
        if (range != null && rangeStillValid(request.header("If-Range"), sha, version)) {
            long[] span = Ranges.parse(range, size);
            if (span == Ranges.UNSATISFIABLE) {
                fileHeaders(response, contentType, version.lastModified(), isPrivate, ok, response.ruleHeaders);
                response.header("ETag", etag(sha, Coding.IDENTITY));
                response.header("Content-Range", "bytes */" + size);
                response.status = 416;
                return response;
            }
            if (span != null) {
                if (!body(request, response, file, span[0], span[1] - span[0] + 1, mayBlock)) {
                    return null;
                }
                fileHeaders(response, contentType, version.lastModified(), isPrivate, ok, response.ruleHeaders);
                response.header("Content-Type", contentType);
                response.header("ETag", etag(sha, Coding.IDENTITY));
                response.header("Content-Range", "bytes " + span[0] + "-" + span[1] + "/" + size);
                response.status = 206;
                return response;
            }
            // Several ranges or a malformed header: ignored, the whole file follows (RFC 9110 allows that).
        }
        response.status = status;
        Coding coding = SiteFiles.compressible(contentType) ? accepted(request.header("Accept-Encoding"))
                : Coding.IDENTITY;
        ByteBuffer variant = null;
        while (coding != Coding.IDENTITY) {
            if (!mayBlock && !files.variantReady(file, coding)) {
                return null;
            }
            variant = files.variant(file, coding);
            if (variant != null) {
                break;
            }
            coding = coding == Coding.BROTLI ? Coding.GZIP : Coding.IDENTITY;
        }
        if (variant != null) {
            response.body(variant, 0, variant.capacity());
        } else if (!body(request, response, file, 0, size, mayBlock)) {
            return null;
        }
        // The whole file's headers follow from this key (fileHeaders below): built only when a stack needs them.
        response.headKey = new SiteResponse.HeadKey(sha, contentType, version.lastModified(), coding, status,
                isPrivate, response.contentLength, response.ruleHeaders, response.sharedControl, response.tags);
        return response;
    }

    /**
     * Sets the body: the blob's own file where the store keeps one (sendfile), else from memory for a cacheable file
     * and a stream from the store otherwise; false if it would block.
     */
    private boolean body(SiteRequest request, SiteResponse response, ManifestEntry file, long offset, long length,
            boolean mayBlock) throws IOException {
        if (!response.head && files.sentFromDisk(file, request.sendsFiles())) {
            BlobFile leased = files.file(file, mayBlock);
            if (leased != null) {
                response.file(leased, offset, length);
                return true;
            }
            if (!mayBlock) {
                return false;
            }
        }
        if (files.cacheable(file)) {
            ByteBuffer bytes = mayBlock ? files.bytes(file) : files.cached(file);
            if (bytes == null) {
                return false;
            }
            response.body(bytes, (int) offset, (int) length);
            return true;
        }
        if (!mayBlock) {
            return false;
        }
        response.stream = file;
        response.streamOffset = offset;
        response.contentLength = length;
        return true;
    }

    static SiteResponse plain(SiteResponse response, int status, ByteBuffer page) {
        response.status = status;
        response.header("Content-Type", "text/html; charset=utf-8");
        response.header("Cache-Control", response.isPrivate ? PRIVATE_CACHE_CONTROL : "no-cache");
        if (response.isPrivate) {
            response.header("Vary", PRIVATE_VARY);
        }
        response.body(page, 0, page.capacity());
        if (response.headers().size() == 10) { // only the security headers and these: the same for every request
            response.headKey = new SiteResponse.HeadKey(null, null, null, Coding.IDENTITY, status, false,
                    page.capacity(), null);
        }
        return response;
    }
}
