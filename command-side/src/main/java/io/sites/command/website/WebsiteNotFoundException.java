package io.sites.command.website;

import io.sites.api.id.WebsiteId;

/** No website with this id is visible to the caller; answered as 404, never 403. */
public class WebsiteNotFoundException extends RuntimeException {
    public WebsiteNotFoundException(WebsiteId websiteId) {
        super("No website " + websiteId + " is visible to you.");
    }

    public WebsiteNotFoundException(String websiteId) {
        super("No website " + websiteId + " is visible to you.");
    }
}
