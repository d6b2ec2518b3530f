package io.sites.command.website;

import io.sites.api.id.WebsiteId;

/**
 * A promote named a version whose job has not finished (409 VERSION_NOT_READY). Nothing throws it yet: every version
 * is stored ready. Queued generation jobs (see docs/DECISIONS.md, "Jobs and versions") will make it reachable.
 */
public class VersionNotReadyException extends RuntimeException {
    public VersionNotReadyException(WebsiteId websiteId, int version) {
        super("Version " + version + " of website " + websiteId + " is not ready yet; promote it once its job is "
                + "ready.");
    }
}
