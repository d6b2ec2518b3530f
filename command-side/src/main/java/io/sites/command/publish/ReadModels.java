package io.sites.command.publish;

import io.sites.api.WebsiteId;

/**
 * Read-your-writes for synchronous publishes: returns once this replica's projections (read model and site
 * directory) have handled every event the website has so far, or fails after a bounded wait.
 */
public interface ReadModels {

    void awaitWebsite(WebsiteId websiteId);

    /** For deployments or tests that run no projections in this process. */
    static ReadModels none() {
        return websiteId -> {
        };
    }
}
