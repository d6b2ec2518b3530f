package io.sites.site.serving;

import io.sites.site.directory.SiteDirectory.Version;
import io.sites.site.serving.SiteFiles.Coding;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;

/**
 * The heads of a site's files, apart from what to answer: how long caches keep a file (a protected site's answers in
 * none, whatever its {@code _headers} say), the validators (ETag, Last-Modified) and the conditional requests they
 * answer, and which coding a client accepts. {@link SiteResponder} decides the answer (and the security headers
 * every answer carries); this writes a file's head, the same on both ports.
 */
final class SiteHeaders {
    private static final String ASSET_MAX_AGE = "public, max-age=300";

    /**
     * Every answer of a site behind a password, whatever its {@code _headers} say: no cache may store it, and one
     * that does anyway keys it by the credentials, so a shared cache never hands a page to someone without them.
     */
    static final String PRIVATE_CACHE_CONTROL = "private, no-store";
    static final String PRIVATE_VARY = "Authorization";

    private SiteHeaders() {
    }

    /** The headers of a whole file's answer, as its key determines them. */
    static void fileHeaders(SiteResponse.HeadKey key, SiteResponse into) {
        into.sharedControl = key.sharedControl();
        into.tags = key.tags();
        fileHeaders(into, key.contentType(), key.lastModified(), key.isPrivate(), key.status() == 200,
                key.ruleHeaders());
        into.header("Content-Type", key.contentType());
        into.header("ETag", etag(key.sha256(), key.coding()));
        if (key.coding() != Coding.IDENTITY) {
            into.header("Content-Encoding", key.coding().token);
        }
    }

    /** What every answer with a file's bytes carries, whole or in part, before its type and tag. */
    static void fileHeaders(SiteResponse into, String contentType, String lastModified, boolean isPrivate,
            boolean ok, List<String> ruleHeaders) {
        boolean html = contentType.startsWith("text/html");
        into.header("Cache-Control", isPrivate ? PRIVATE_CACHE_CONTROL : into.sharedControl != null
                ? into.sharedControl : html ? "no-cache" : ASSET_MAX_AGE);
        into.header("Last-Modified", lastModified);
        if (!isPrivate) {
            SharedCache.tagHeaders(into, into.tags);
        }
        if (ruleHeaders != null) {
            for (int i = 0; i < ruleHeaders.size(); i += 2) {
                if (isPrivate && cachingRule(ruleHeaders.get(i))) {
                    continue; // a password's or a preview grant's answer stays out of every cache, whatever _headers says
                }
                into.replace(ruleHeaders.get(i), ruleHeaders.get(i + 1)); // only REPLACEABLE names can clash
            }
        }
        if (SiteFiles.compressible(contentType)) {
            into.header("Vary", isPrivate ? "Accept-Encoding, " + PRIVATE_VARY : "Accept-Encoding");
        } else if (isPrivate) {
            into.header("Vary", PRIVATE_VARY);
        }
        if (ok) {
            into.header("Accept-Ranges", "bytes");
        }
    }

    /**
     * Whether a rule header tells a cache how long to keep the answer: Cache-Control, and those of CDNs and
     * surrogates (CDN-Cache-Control, Cloudflare-CDN-Cache-Control, Surrogate-Control), Expires, Pragma.
     */
    private static boolean cachingRule(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.endsWith("cache-control") || lower.equals("surrogate-control") || lower.equals("expires")
                || lower.equals("pragma");
    }

    /** A strong tag per content and coding: the blob's digest names the bytes, the suffix their encoding. */
    static String etag(String sha, Coding coding) {
        return "\"" + sha + coding.tagSuffix + "\"";
    }

    /** If-None-Match (any of our tags of this content, or *) wins over If-Modified-Since, as RFC 9110 says. */
    static boolean notModified(SiteRequest request, String sha, Version version) {
        String noneMatch = request.header("If-None-Match");
        if (noneMatch != null) {
            return noneMatch.contains(sha) || noneMatch.trim().equals("*");
        }
        String since = request.header("If-Modified-Since");
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
    static boolean rangeStillValid(String ifRange, String sha, Version version) {
        if (ifRange == null) {
            return true;
        }
        String value = ifRange.trim();
        return value.equals(etag(sha, Coding.IDENTITY)) || value.equals(version.lastModified());
    }

    /** Brotli when accepted, else gzip; q=0 refuses a coding. Scanned in place: it runs for every text file. */
    static Coding accepted(String acceptEncoding) {
        if (acceptEncoding == null) {
            return Coding.IDENTITY;
        }
        boolean gzip = false;
        int length = acceptEncoding.length();
        for (int start = 0; start < length; ) {
            int end = acceptEncoding.indexOf(',', start);
            end = end < 0 ? length : end;
            int parameters = acceptEncoding.indexOf(';', start);
            int nameEnd = parameters >= 0 && parameters < end ? parameters : end;
            if (nameEnd == end || !refused(acceptEncoding.substring(nameEnd, end))) {
                if (named(acceptEncoding, start, nameEnd, "br")) {
                    return Coding.BROTLI;
                }
                gzip |= named(acceptEncoding, start, nameEnd, "gzip");
            }
            start = end + 1;
        }
        return gzip ? Coding.GZIP : Coding.IDENTITY;
    }

    /** Whether the coding's name, between start and end less the spaces around it, is this one. */
    private static boolean named(String list, int start, int end, String name) {
        while (start < end && list.charAt(start) <= ' ') {
            start++;
        }
        while (end > start && list.charAt(end - 1) <= ' ') {
            end--;
        }
        return end - start == name.length() && list.regionMatches(true, start, name, 0, name.length());
    }

    /** Whether a coding's parameters ({@code ;q=0}, spaces allowed) refuse it. */
    private static boolean refused(String parameters) {
        for (String parameter : parameters.split(";")) {
            String compact = parameter.trim().replace(" ", "");
            if (compact.startsWith("q=") && compact.substring(2).matches("0(\\.0{0,3})?")) {
                return true;
            }
        }
        return false;
    }
}
