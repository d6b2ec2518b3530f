package io.sites.site;

import io.sites.api.ManifestEntry;
import io.sites.api.siterules.HeaderRules;
import io.sites.api.siterules.RedirectRules;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A version's {@code _redirects} and {@code _headers}, parsed once per pair of blobs (they never change) by the
 * parser publish checked them with, so a served file always parses without violations. Either may be null.
 */
final class SiteRules {
    static final String REDIRECTS = RedirectRules.FILE;
    static final String HEADERS = HeaderRules.FILE;
    private static final int REMEMBERED = 10_000;
    private static final Logger log = LoggerFactory.getLogger(SiteRules.class);

    final RedirectRules redirects;
    final HeaderRules headers;

    private SiteRules(RedirectRules redirects, HeaderRules headers) {
        this.redirects = redirects;
        this.headers = headers;
    }

    /** The rules of the versions this replica served lately, by the digests of their two files. */
    static final class Cache {
        private final Map<String, SiteRules> parsed = new ConcurrentHashMap<>();
        private final SiteFiles files;

        Cache(SiteFiles files) {
            this.files = files;
        }

        /** The version's rules; null when it would block to read them and {@code mayBlock} is false. */
        SiteRules of(ManifestEntry redirects, ManifestEntry headers, boolean mayBlock) throws IOException {
            String key = (redirects == null ? "" : redirects.sha256()) + "/"
                    + (headers == null ? "" : headers.sha256());
            SiteRules rules = parsed.get(key);
            if (rules != null) {
                return rules;
            }
            String redirectsText = text(redirects, mayBlock);
            String headersText = text(headers, mayBlock);
            if ((redirects != null && redirectsText == null) || (headers != null && headersText == null)) {
                return null;
            }
            long started = System.nanoTime();
            rules = new SiteRules(redirectsText == null ? null : RedirectRules.parse(redirectsText),
                    headersText == null ? null : HeaderRules.parse(headersText));
            log.debug("Site rules compiled: key={} ms={} thread={}", key,
                    (System.nanoTime() - started) / 1_000_000, thread());
            if (parsed.size() >= REMEMBERED) {
                parsed.clear();
            }
            parsed.put(key, rules);
            return rules;
        }

        private String text(ManifestEntry file, boolean mayBlock) throws IOException {
            if (file == null) {
                return null;
            }
            if (!files.cacheable(file)) {
                if (!mayBlock) {
                    return null;
                }
                try (var in = files.open(file)) {
                    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
            }
            ByteBuffer bytes = mayBlock ? files.bytes(file) : files.cached(file);
            if (bytes == null) {
                return null;
            }
            byte[] copy = new byte[bytes.remaining()];
            bytes.duplicate().get(copy);
            return new String(copy, StandardCharsets.UTF_8);
        }
    }

    /** The compiling thread, for the log: a virtual thread has no name of its own. */
    private static String thread() {
        Thread current = Thread.currentThread();
        return current.isVirtual() ? "virtual" : current.getName();
    }

    /** The extra headers for a request path, or null when there are none. */
    List<String> headersFor(String path) {
        if (headers == null) {
            return null;
        }
        List<String> pairs = headers.headersFor(path);
        return pairs.isEmpty() ? null : pairs;
    }
}
