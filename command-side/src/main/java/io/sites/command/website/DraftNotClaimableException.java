package io.sites.command.website;

import io.sites.api.id.WebsiteId;

/** A claim of a website that is no unclaimed draft (claimed already, deleted or expired, or never a draft). */
public class DraftNotClaimableException extends RuntimeException {
    public DraftNotClaimableException(WebsiteId websiteId) {
        super("Website " + websiteId.value() + " is not an unclaimed draft: it was claimed already, or it expired.");
    }
}
