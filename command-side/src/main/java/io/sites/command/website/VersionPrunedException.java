package io.sites.command.website;

import io.sites.api.id.WebsiteId;

/**
 * The version was pruned by the website's retention setting: it cannot be promoted any more. Answered as 404 like a
 * version that never existed (the spec's closest code: its bytes are no longer the website's), saying why.
 */
public class VersionPrunedException extends VersionNotFoundException {
    public VersionPrunedException(WebsiteId websiteId, int version) {
        super("Version " + version + " of website " + websiteId.value()
                + " was pruned by its retainVersions setting and can no longer be promoted.");
    }
}
