package io.sites.site;

import io.sites.api.SitePasswordCleared;
import io.sites.api.SitePasswordSet;
import io.sites.api.VersionPromoted;
import io.sites.api.VersionPublished;
import io.sites.api.WebsiteCreated;
import io.sites.api.WebsiteDeleted;
import java.time.Instant;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.Timestamp;
import org.axonframework.eventhandling.TrackingToken;
import org.springframework.stereotype.Component;

/**
 * Keeps this replica's {@link SiteDirectory} current. Its token is this replica's own, kept in memory and in
 * {@link SiteDirectorySnapshots}, so every replica follows the stream itself and needs nothing from the query side's
 * tables. Events it does not handle still move the token, but are not worth a snapshot; every event counts towards
 * {@link SiteDirectoryCatchUp} and moves this replica's row ({@link SiteReplica}).
 */
@Component
@ProcessingGroup(SiteDirectoryProjection.PROCESSING_GROUP)
class SiteDirectoryProjection {
    static final String PROCESSING_GROUP = "site-directory";

    private final SiteDirectory directory;
    private final SiteDirectorySnapshots snapshots;
    private final SiteDirectoryCatchUp catchUp;
    private final SiteReplica replica;

    SiteDirectoryProjection(SiteDirectory directory, SiteDirectorySnapshots snapshots, SiteDirectoryCatchUp catchUp,
            SiteReplica replica) {
        this.directory = directory;
        this.snapshots = snapshots;
        this.catchUp = catchUp;
        this.replica = replica;
    }

    @EventHandler
    void on(WebsiteCreated event, TrackingToken token) {
        directory.created(event.websiteId(), event.slug());
        applied(token);
    }

    @EventHandler
    void on(VersionPublished event, @Timestamp Instant at, TrackingToken token) {
        // Every version is kept, promoted or not: each one is served as a preview.
        directory.published(event.websiteId(), event.version(), event.promote(), at, event.files());
        applied(token);
    }

    /** A promotion or a rollback: the stored version is served from the next request on. */
    @EventHandler
    void on(VersionPromoted event, TrackingToken token) {
        directory.live(event.websiteId(), event.version());
        applied(token);
    }

    @EventHandler
    void on(WebsiteDeleted event, TrackingToken token) {
        directory.deleted(event.websiteId());
        applied(token);
    }

    @EventHandler
    void on(SitePasswordSet event, TrackingToken token) {
        directory.password(event.websiteId(), event.passwordHash());
        applied(token);
    }

    @EventHandler
    void on(SitePasswordCleared event, TrackingToken token) {
        directory.password(event.websiteId(), null);
        applied(token);
    }

    /** Any other event: nothing to change, but the directory has now read this far. */
    @EventHandler
    void on(Object event, TrackingToken token) {
        read(token);
    }

    private void applied(TrackingToken token) {
        snapshots.handled(token);
        read(token);
    }

    /** After the change is in the directory: only then may the replica's row say it has read this far. */
    private void read(TrackingToken token) {
        catchUp.reached(token);
        replica.reached(token);
    }
}
