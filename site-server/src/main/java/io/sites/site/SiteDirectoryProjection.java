package io.sites.site;

import io.sites.api.VersionPublished;
import io.sites.api.WebsiteCreated;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.stereotype.Component;

/**
 * Keeps this replica's {@link SiteDirectory} current. Its token lives in memory, so every replica reads the
 * whole stream itself at start-up and needs nothing from the query side's tables.
 */
@Component
@ProcessingGroup(SiteDirectoryProjection.PROCESSING_GROUP)
class SiteDirectoryProjection {
    static final String PROCESSING_GROUP = "site-directory";

    private final SiteDirectory directory;

    SiteDirectoryProjection(SiteDirectory directory) {
        this.directory = directory;
    }

    @EventHandler
    void on(WebsiteCreated event) {
        directory.created(event.websiteId(), event.slug());
    }

    @EventHandler
    void on(VersionPublished event) {
        if (event.promote()) {
            directory.promoted(event.websiteId(), event.version(), event.files());
        }
    }
}
