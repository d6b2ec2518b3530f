package io.sites.site;

import io.sites.api.ManifestEntry;
import io.sites.api.WebsiteId;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Slug to served version, in memory. Promoting a version replaces one map entry with an immutable {@link Site},
 * so a request sees either the old version's files or the new one's, never a mix.
 */
public class SiteDirectory {
    private final Map<String, Site> bySlug = new ConcurrentHashMap<>();
    private final Map<WebsiteId, String> slugs = new ConcurrentHashMap<>();

    /** A served version: its number and its files by path. */
    public record Site(WebsiteId websiteId, String slug, int version, Map<String, ManifestEntry> files) {
        public Optional<ManifestEntry> file(String path) {
            return Optional.ofNullable(files.get(path));
        }
    }

    void created(WebsiteId websiteId, String slug) {
        slugs.put(websiteId, slug);
    }

    void promoted(WebsiteId websiteId, int version, Iterable<ManifestEntry> files) {
        String slug = slugs.get(websiteId);
        if (slug == null) {
            return;
        }
        Map<String, ManifestEntry> byPath = new java.util.HashMap<>();
        files.forEach(file -> byPath.put(file.path(), file));
        bySlug.put(slug, new Site(websiteId, slug, version, Map.copyOf(byPath)));
    }

    public Optional<Site> find(String slug) {
        return Optional.ofNullable(bySlug.get(slug));
    }
}
