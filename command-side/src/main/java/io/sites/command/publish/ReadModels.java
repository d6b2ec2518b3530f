package io.sites.command.publish;

import io.sites.api.id.WebsiteId;

/**
 * Read-your-writes for synchronous publishes: returns once this replica's projections (read model and site
 * directory) have handled every event the website has so far, or gives up (with a warning in the log) after a
 * bounded wait or when it cannot tell; never with an error, since the write it follows is stored either way.
 */
public interface ReadModels {

    void awaitWebsite(WebsiteId websiteId);

    /** For deployments or tests that run no projections in this process. */
    static ReadModels none() {
        return websiteId -> {
        };
    }
}
