package io.sites.site;

import io.sites.api.SitePasswordCleared;
import io.sites.api.SitePasswordSet;
import io.sites.api.VersionPublished;
import io.sites.api.WebsiteCreated;
import io.sites.api.WebsiteDeleted;
import java.time.Instant;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.Timestamp;
import org.springframework.stereotype.Component;

/**
 * Keeps this replica's {@link SiteDirectory} current. Its token is this replica's own (in memory), so every replica
 * reads the stream itself and needs nothing from the query side's tables.
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
    void on(VersionPublished event, @Timestamp Instant at) {
        // Every version is kept, promoted or not: each one is served as a preview.
        directory.published(event.websiteId(), event.version(), event.promote(), at, event.files());
    }

    @EventHandler
    void on(WebsiteDeleted event) {
        directory.deleted(event.websiteId());
    }

    @EventHandler
    void on(SitePasswordSet event) {
        directory.password(event.websiteId(), event.passwordHash());
    }

    @EventHandler
    void on(SitePasswordCleared event) {
        directory.password(event.websiteId(), null);
    }
}
