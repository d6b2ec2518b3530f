package io.sites.site.directory;

import io.sites.api.event.DomainPreferred;
import io.sites.api.event.DomainRemoved;
import io.sites.api.event.DomainVerificationFailed;
import io.sites.api.event.DomainVerified;
import io.sites.api.event.SitePasswordCleared;
import io.sites.api.event.SitePasswordSet;
import io.sites.api.event.VersionPromoted;
import io.sites.api.event.VersionPublished;
import io.sites.api.event.WebsiteCreated;
import io.sites.api.event.WebsiteDeleted;
import io.sites.api.event.VersionsPruned;
import java.time.Instant;
import java.util.Set;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.springframework.stereotype.Component;

/**
 * Keeps this replica's {@link SiteDirectory} current. Its token is this replica's own, kept in memory and in
 * {@link SiteDirectorySnapshots}, so every replica follows the stream itself and needs nothing from the query side's
 * tables. Events it does not apply still move the token, but are not worth a snapshot; every event counts towards
 * {@link SiteDirectoryCatchUp} and is told to the replica's row ({@link DirectoryProgress}). A starting replica reads the
 * history before the processor does ({@link SiteDirectoryHistory}), applying each event with {@link #apply}.
 */
@Component
@ProcessingGroup(SiteDirectoryProjection.PROCESSING_GROUP)
class SiteDirectoryProjection {
    static final String PROCESSING_GROUP = "site-directory";
    /** The events that change a directory; any other is skipped unread on the way through the history. */
    private static final Set<Class<?>> APPLIED = Set.of(WebsiteCreated.class, VersionPublished.class,
            VersionPromoted.class, WebsiteDeleted.class, SitePasswordSet.class, SitePasswordCleared.class,
            DomainVerified.class, DomainVerificationFailed.class, DomainRemoved.class, DomainPreferred.class,
            VersionsPruned.class);

    private final SiteDirectory directory;
    private final SiteDirectorySnapshots snapshots;
    private final SiteDirectoryCatchUp catchUp;
    private final DirectoryProgress progress;

    SiteDirectoryProjection(SiteDirectory directory, SiteDirectorySnapshots snapshots, SiteDirectoryCatchUp catchUp,
            DirectoryProgress progress) {
        this.directory = directory;
        this.snapshots = snapshots;
        this.catchUp = catchUp;
        this.progress = progress;
    }

    @EventHandler
    void on(Object event, EventMessage<?> message, TrackingToken token) {
        reached(token, apply(event, message.getTimestamp(), sequence(message)));
    }

    /** The aggregate sequence number of a website's event, by which its manifest is found again; -1 for no other. */
    static long sequence(EventMessage<?> message) {
        return message instanceof DomainEventMessage<?> domain ? domain.getSequenceNumber() : -1;
    }

    static boolean applies(Class<?> eventType) {
        return APPLIED.contains(eventType);
    }

    /** Changes the directory as the event says; false when the event changes nothing here. */
    boolean apply(Object event, Instant at, long sequence) {
        switch (event) {
            case WebsiteCreated created -> directory.created(created.websiteId(), created.slug());
            // Every version is kept, promoted or not: each one is served as a preview.
            case VersionPublished published -> directory.published(published.websiteId(), published.version(),
                    published.promote(), at, sequence, published.files());
            // A promotion or a rollback: the stored version is served from the next request on.
            case VersionPromoted promoted -> directory.live(promoted.websiteId(), promoted.version());
            case WebsiteDeleted deleted -> directory.deleted(deleted.websiteId());
            case SitePasswordSet set -> directory.password(set.websiteId(), set.passwordHash());
            case SitePasswordCleared cleared -> directory.password(cleared.websiteId(), null);
            case DomainVerified verified -> directory.domainServed(verified.websiteId(), verified.hostname());
            case DomainVerificationFailed failed when failed.stopped() -> directory.domainStopped(failed.websiteId(),
                    failed.hostname());
            case DomainRemoved removed -> directory.domainRemoved(removed.websiteId(), removed.hostname());
            case DomainPreferred preferred -> directory.domainPreferred(preferred.websiteId(), preferred.hostname());
            // Retention: the versions' manifests leave the directory; their previews answer 410.
            case VersionsPruned pruned -> directory.pruned(pruned.websiteId(), pruned.versions());
            default -> {
                return false;
            }
        }
        return true;
    }

    /**
     * The directory has read this far, and changed when {@code applied}: only now, after the change is in it, may
     * the snapshot, the catch-up and the replica's row say so.
     */
    void reached(TrackingToken token, boolean applied) {
        if (applied) {
            snapshots.handled(token);
        }
        catchUp.reached(token);
        progress.reached(token);
    }
}
