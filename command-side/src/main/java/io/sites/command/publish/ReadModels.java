package io.sites.command.publish;

import io.sites.api.id.WebsiteId;
import java.time.Duration;

/**
 * Read-your-writes for synchronous publishes: returns once this replica's projections (read model and site
 * directory) have handled every event the website has so far, or gives up (with a warning in the log) after a
 * bounded wait or when it cannot tell; never with an error, since the write it follows is stored either way.
 */
public interface ReadModels {

    void awaitWebsite(WebsiteId websiteId);

    /**
     * Whether this replica's read models (not the site replicas) show the website's event at this global position,
     * waiting at most {@code within}: the live feed tells of an event only once a read that follows it shows it.
     */
    default boolean awaitEvent(WebsiteId websiteId, long position, Duration within) {
        return true;
    }

    /** For deployments or tests that run no projections in this process. */
    static ReadModels none() {
        return websiteId -> {
        };
    }
}
