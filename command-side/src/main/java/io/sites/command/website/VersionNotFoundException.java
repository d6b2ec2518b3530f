package io.sites.command.website;

import io.sites.api.WebsiteId;

/** The website is visible but has no version with this number; answered as 404, like an invisible website. */
public class VersionNotFoundException extends RuntimeException {
    public VersionNotFoundException(WebsiteId websiteId, int version) {
        super("Website " + websiteId + " has no version " + version + ".");
    }
}
