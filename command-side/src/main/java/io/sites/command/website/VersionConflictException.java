package io.sites.command.website;

import io.sites.api.id.WebsiteId;

/** A publish with ifCurrentVersion found another version live: someone published in between. Answered 409. */
public class VersionConflictException extends RuntimeException {
    public VersionConflictException(WebsiteId websiteId, int expected, int live) {
        super("Website " + websiteId.value() + " has version " + live + " live, not version " + expected
                + " as ifCurrentVersion expected: another publish came in between. Nothing was published; read the "
                + "website again, merge its changes and publish with ifCurrentVersion " + live + ".");
    }
}
