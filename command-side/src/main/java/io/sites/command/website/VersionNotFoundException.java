package io.sites.command.website;

import io.sites.api.id.WebsiteId;

/** The website is visible but has no version with this number; answered as 404, like an invisible website. */
public class VersionNotFoundException extends RuntimeException {
    public VersionNotFoundException(WebsiteId websiteId, int version) {
        this(websiteId.value(), Integer.toString(version));
    }

    /** Also for a version that is not a number at all ("latest", "1.0"): there is no such version either. */
    public VersionNotFoundException(String websiteId, String version) {
        super("Website " + websiteId + " has no version " + version + ".");
    }

    /** A subclass's own wording (a pruned version). */
    protected VersionNotFoundException(String message) {
        super(message);
    }
}
