package io.sites.command.website;

import io.sites.api.id.WebsiteId;

/** An editor asked for something only the owner may do (collaborators, password, delete). */
public class NotOwnerException extends RuntimeException {
    public NotOwnerException(WebsiteId websiteId) {
        super("Only the owner of website " + websiteId + " may do this.");
    }
}
