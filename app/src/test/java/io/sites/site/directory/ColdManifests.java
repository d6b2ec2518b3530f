package io.sites.site.directory;

import io.sites.site.directory.SiteDirectory.Stored;

/**
 * Reaches into a running replica's manifest cache from the app's tests: drops a site's manifests, so that its next
 * request reads them from the event store as the first request of a site nobody asked for does.
 */
public final class ColdManifests {
    private ColdManifests() {
    }

    /** Drops every stored version's manifest of the site at {@code slug}; how many versions it has. */
    public static int forget(SiteDirectory directory, String slug) {
        SiteDirectory.Site site = directory.find(slug).orElseThrow();
        for (Stored version : site.storedVersions()) {
            directory.manifests().forget(site.websiteId(), version.sequence());
        }
        return site.storedVersions().size();
    }

    /** How many manifests the replica has read from the event store since it started. */
    public static long loads(SiteDirectory directory) {
        return directory.manifests().loads();
    }
}
