package io.sites.site.serving;

import io.sites.api.id.WebsiteId;
import io.sites.replica.purge.CachePurge;
import java.util.regex.Pattern;

/**
 * What a shared cache in front of the sites (Varnish, a CDN) is told: the cache tags naming the website and the
 * version an answer came from ({@code Surrogate-Key} for Varnish's xkey and Fastly, {@code Cache-Tag} for Cloudflare),
 * which a publish, promote, rollback or delete purges before its answer, and how long the cache may keep the answer
 * ({@code s-maxage}). Only when a purger is configured ({@code sites.cache.purger}): without one nothing purges a
 * shared cache, so answers keep today's lifetimes and carry no tags. A private answer (a password, a preview grant)
 * never carries either: no shared cache may keep it.
 * <p>
 * Lifetimes (docs/DECISIONS.md, issue 38 item 4): HTML {@code max-age=0, must-revalidate} for browsers and a day in the
 * shared cache, which the purge ends; other files five minutes in browsers and a day in the shared cache; a file whose
 * name carries a content hash ({@code app.3f9a8b2c.js}, {@code index-BqRz7x9a.css}) a year, immutable, purged or not.
 */
final class SharedCache {
    /** No shared cache is purged: no tags, no {@code s-maxage}. */
    static final SharedCache NONE = new SharedCache(false);
    static final String HTML_PURGED = "public, max-age=0, must-revalidate, s-maxage=86400";
    static final String ASSET_PURGED = "public, max-age=300, s-maxage=86400";
    static final String HASHED = "public, max-age=31536000, immutable";
    /** A name part of 8 to 64 letters, digits, '_' with both a digit and a letter: a bundler's content hash. */
    private static final Pattern HASH_PART = Pattern.compile("(?=[A-Za-z0-9_]*[0-9])(?=[A-Za-z0-9_]*[A-Za-z])"
            + "[A-Za-z0-9_]{8,64}");

    private final boolean purged;

    private SharedCache(boolean purged) {
        this.purged = purged;
    }

    /** @param purger the configured purger's name ({@code none}, {@code varnish}, {@code fastly}, {@code cloudflare}) */
    static SharedCache of(String purger) {
        return purger == null || purger.isBlank() || purger.equalsIgnoreCase("none") ? NONE : new SharedCache(true);
    }

    /** The tags of a public answer of this website's version, space-separated; null when none are sent. */
    String tags(WebsiteId website, int version, boolean isPrivate) {
        if (!purged || isPrivate || website == null) {
            return null;
        }
        return tag(website) + " version-" + website.value() + "-" + version;
    }

    /** The tag a purge names: every answer of the website, whatever its version. */
    static String tag(WebsiteId website) {
        return CachePurge.siteTag(website.value());
    }

    /** The Cache-Control of a public file's answer, or null to keep the default ({@code tags} null: not purged). */
    static String cacheControl(String path, boolean html, String tags) {
        if (!html && path != null && hashed(path)) {
            return HASHED;
        }
        if (tags == null) {
            return null;
        }
        return html ? HTML_PURGED : ASSET_PURGED;
    }

    /** Whether the file's name (not its extension) has a part that looks like a bundler's content hash. */
    static boolean hashed(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        int extension = name.lastIndexOf('.');
        if (extension <= 0) {
            return false;
        }
        for (String part : name.substring(0, extension).split("[.-]")) {
            if (HASH_PART.matcher(part).matches()) {
                return true;
            }
        }
        return false;
    }

    /** Adds the tag headers: Surrogate-Key space-separated, Cache-Tag comma-separated. */
    static void tagHeaders(SiteResponse into, String tags) {
        if (tags != null) {
            into.header("Surrogate-Key", tags);
            into.header("Cache-Tag", tags.replace(' ', ','));
        }
    }
}
