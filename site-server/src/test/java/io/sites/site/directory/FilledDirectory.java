package io.sites.site.directory;

import io.sites.api.site.ManifestEntry;
import io.sites.api.id.WebsiteId;
import java.time.Instant;
import java.util.List;

/**
 * A directory filled as the projection fills it, for the tests of the rooms that only read one (serving): the
 * directory's changes are its own room's, so they are reached from outside through this fixture alone.
 */
public final class FilledDirectory {
    private final SiteDirectory directory = new SiteDirectory();

    public FilledDirectory created(WebsiteId websiteId, String slug) {
        directory.created(websiteId, slug);
        return this;
    }

    public FilledDirectory published(WebsiteId websiteId, int number, Instant at, List<ManifestEntry> files) {
        directory.published(websiteId, number, true, at, files);
        return this;
    }

    /** As a replica is once it has read the store; before, every answer is a 503. */
    public SiteDirectory caughtUp() {
        directory.caughtUp();
        return directory;
    }
}
