package io.sites.query.website;

import static io.sites.query.website.StoredValues.DELETED;

import io.sites.api.event.CollaboratorAdded;
import io.sites.api.event.CollaboratorRemoved;
import io.sites.api.event.DraftClaimed;
import io.sites.api.event.DraftCreated;
import io.sites.api.event.ExpiryWarned;
import io.sites.api.event.SitePasswordCleared;
import io.sites.api.event.SitePasswordSet;
import io.sites.api.event.VersionPromoted;
import io.sites.api.event.VersionPublished;
import io.sites.api.event.WebsiteCreated;
import io.sites.api.event.WebsiteDeleted;
import io.sites.api.event.VersionsPruned;
import io.sites.api.event.WebsiteSettingsChanged;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Websites, versions, their files and editors as the REST reads show them. Every handler is idempotent (an event
 * delivered again changes nothing) and takes its times from the event, so replaying the event store rebuilds the
 * same model at any time. The live version follows the event order: the last promoting event of a website (a
 * VersionPublished with promote, or a VersionPromoted) wins, whether it names a newer or an older version. The row
 * keeps the sequence number, in the website's stream, of the last event that changed it ({@code updated_sequence})
 * and of the one that made its version live, so an earlier event delivered again (a retried batch, a rebuild replayed
 * over one that stopped half-way) never moves its version, password flag, editors or time back. New websites and
 * versions are written per batch ({@link PendingRows}).
 */
@Component
@ProcessingGroup(WebsiteProjection.PROCESSING_GROUP)
class WebsiteProjection {
    static final String PROCESSING_GROUP = "read-model";
    /** The event types this projection handles: a rebuild skips any other without deserializing it. */
    static final Set<Class<?>> EVENTS = Set.of(WebsiteCreated.class, VersionPublished.class, VersionPromoted.class,
            CollaboratorAdded.class, CollaboratorRemoved.class, WebsiteDeleted.class, SitePasswordSet.class,
            SitePasswordCleared.class, WebsiteSettingsChanged.class, VersionsPruned.class, DraftClaimed.class,
            DraftCreated.class, ExpiryWarned.class);

    private final JdbcTemplate jdbc;
    private final OwnerCounts owners;

    WebsiteProjection(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
        this.owners = new OwnerCounts(jdbc);
    }

    @EventHandler
    void on(WebsiteCreated event, @org.axonframework.eventhandling.Timestamp Instant at,
            @SequenceNumber long sequence) {
        PendingRows.of(jdbc, owners).created(event, at, sequence);
    }

    @EventHandler
    void on(VersionPublished event, @org.axonframework.eventhandling.Timestamp Instant at,
            @SequenceNumber long sequence) {
        PendingRows.of(jdbc, owners).published(event, at, sequence);
    }

    @EventHandler
    void on(VersionPromoted event, @org.axonframework.eventhandling.Timestamp Instant at,
            @SequenceNumber long sequence) {
        PendingRows.flush();
        String jobId = jdbc.queryForObject("select job_id from qs_version where website_id = ? and version = ?",
                String.class, event.websiteId().value(), event.version());
        live(event.websiteId().value(), jobId, event.version(), sequence, at);
    }

    @EventHandler
    void on(CollaboratorAdded event, @org.axonframework.eventhandling.Timestamp Instant at,
            @SequenceNumber long sequence) {
        PendingRows.flush();
        if (touch(event.websiteId().value(), at, sequence)) {
            jdbc.update("""
                    insert into qs_collaborator (website_id, account_id, added_at)
                    select ?, ?, ? where not exists
                        (select 1 from qs_collaborator where website_id = ? and account_id = ?)""",
                    event.websiteId().value(), event.collaborator().value(), ts(at), event.websiteId().value(),
                    event.collaborator().value());
        }
    }

    @EventHandler
    void on(CollaboratorRemoved event, @org.axonframework.eventhandling.Timestamp Instant at,
            @SequenceNumber long sequence) {
        PendingRows.flush();
        if (touch(event.websiteId().value(), at, sequence)) {
            jdbc.update("delete from qs_collaborator where website_id = ? and account_id = ?",
                    event.websiteId().value(), event.collaborator().value());
        }
    }

    @EventHandler
    void on(WebsiteDeleted event, @org.axonframework.eventhandling.Timestamp Instant at,
            @SequenceNumber long sequence) {
        PendingRows.flush();
        // The row stays (status deleted) so that jobs and counts can tell "deleted" from "never existed".
        String id = event.websiteId().value();
        List<String> owner = jdbc.queryForList("select owner_id from qs_website where id = ? and status <> "
                + DELETED, String.class, id);
        int deleted = jdbc.update("update qs_website set status = " + DELETED + ", deleted_at = ?, updated_at = ?, "
                + "updated_sequence = ? where id = ? and status <> " + DELETED + PendingRows.NEWER, ts(at), ts(at),
                sequence, id, sequence);
        if (deleted == 1) {
            owners.add(owner.getFirst(), -1);
            owners.removeVersions(owner.getFirst(), OwnerBlobs.versionsOf(jdbc, id));
        }
    }

    @EventHandler
    void on(SitePasswordSet event, @org.axonframework.eventhandling.Timestamp Instant at,
            @SequenceNumber long sequence) {
        // Only the flag: the hash belongs to the site server, which checks it; reads never need it.
        protect(event.websiteId().value(), true, at, sequence);
    }

    @EventHandler
    void on(SitePasswordCleared event, @org.axonframework.eventhandling.Timestamp Instant at,
            @SequenceNumber long sequence) {
        protect(event.websiteId().value(), false, at, sequence);
    }

    @EventHandler
    void on(WebsiteSettingsChanged event, @org.axonframework.eventhandling.Timestamp Instant at,
            @SequenceNumber long sequence) {
        PendingRows.flush();
        SettingsRows.changed(jdbc, event, at, sequence);
    }

    /** The owner was warned of this expiresAt: the sweep asks no more about it (a moved one is asked about again). */
    @EventHandler
    void on(ExpiryWarned event) {
        PendingRows.flush();
        warned(event.websiteId().value(), event.expiresAt());
    }

    /** Nobody is warned of an unclaimed draft's expiry: its creator was told in the answer that created it. */
    @EventHandler
    void on(DraftCreated event) {
        PendingRows.flush();
        warned(event.websiteId().value(), event.expiresAt());
    }

    private void warned(String websiteId, Instant expiresAt) {
        jdbc.update("update qs_website set expiry_warned = ? where id = ?", ts(expiresAt), websiteId);
    }

    /** A claimed draft changes hands: it leaves the placeholder's count and joins its new owner's list. */
    @EventHandler
    void on(DraftClaimed event, @org.axonframework.eventhandling.Timestamp Instant at,
            @SequenceNumber long sequence) {
        PendingRows.flush();
        int moved = jdbc.update("update qs_website set owner_id = ?, updated_at = ?, updated_sequence = ? where id = ?"
                + " and status <> " + DELETED + PendingRows.NEWER, event.owner().value(), ts(at), sequence,
                event.websiteId().value(), sequence);
        if (moved == 1) {
            owners.add(event.previousOwner().value(), -1);
            owners.add(event.owner().value(), 1);
            List<String> versions = OwnerBlobs.versionsOf(jdbc, event.websiteId().value());
            owners.removeVersions(event.previousOwner().value(), versions);
            owners.addVersions(event.owner().value(), versions);
        }
    }

    @EventHandler
    void on(VersionsPruned event, @org.axonframework.eventhandling.Timestamp Instant at) {
        PendingRows.flush();
        SettingsRows.pruned(jdbc, event, at, owners);
    }

    /**
     * An event of the stream as Axon would route it to the handlers above, for a rebuild that reads the stream itself
     * ({@link ReadModelRebuild}): the same handlers, without a processor's machinery around each event.
     */
    void apply(TrackedEventMessage<?> message) {
        if (!EVENTS.contains(message.getPayloadType())) {
            return;
        }
        Instant at = message.getTimestamp();
        long sequence = ((DomainEventMessage<?>) message).getSequenceNumber();
        switch (message.getPayload()) {
            case WebsiteCreated event -> on(event, at, sequence);
            case VersionPublished event -> on(event, at, sequence);
            case VersionPromoted event -> on(event, at, sequence);
            case CollaboratorAdded event -> on(event, at, sequence);
            case CollaboratorRemoved event -> on(event, at, sequence);
            case WebsiteDeleted event -> on(event, at, sequence);
            case SitePasswordSet event -> on(event, at, sequence);
            case SitePasswordCleared event -> on(event, at, sequence);
            case WebsiteSettingsChanged event -> on(event, at, sequence);
            case VersionsPruned event -> on(event, at);
            case DraftClaimed event -> on(event, at, sequence);
            case DraftCreated event -> on(event);
            case ExpiryWarned event -> on(event);
            default -> throw new IllegalStateException("No handler for " + message.getPayloadType());
        }
    }

    /**
     * A replay starts from nothing: every row is rebuilt from the events. On PostgreSQL the tables are truncated:
     * deleting a large model row by row took about a tenth of its rebuild (bench/replay, 600,003 events) and left
     * every row dead in the tables the rebuild then fills. Reads meanwhile go to the frozen copy ({@link ReadTables}),
     * so the truncation's exclusive lock holds up nobody; it commits with the reset tokens, or neither happens.
     */
    @ResetHandler
    void reset() {
        if (ReadModelDatabase.isPostgres(jdbc)) {
            jdbc.execute("truncate qs_version_file, qs_version_warning, qs_version, qs_collaborator, qs_website, "
                    + "qs_owner_count, qs_owner_blob");
            return;
        }
        jdbc.update("delete from qs_version_file");
        jdbc.update("delete from qs_version_warning");
        jdbc.update("delete from qs_version");
        jdbc.update("delete from qs_collaborator");
        jdbc.update("delete from qs_website");
        owners.clear();
        jdbc.update("delete from qs_owner_blob");
    }

    /**
     * The version becomes the live one, whatever number was live before: the event's place in the website's stream
     * decides, not the version number (a rollback names an older one).
     */
    private void live(String websiteId, String jobId, int version, long sequence, Instant at) {
        jdbc.update(PendingRows.LIVE, jobId, version, sequence, ts(at), sequence, websiteId, sequence);
    }

    /** True when the event is newer than the row's last change, whose time it now is. */
    private boolean touch(String websiteId, Instant at, long sequence) {
        return jdbc.update(PendingRows.TOUCH, ts(at), sequence, websiteId, sequence) == 1;
    }

    private void protect(String websiteId, boolean on, Instant at, long sequence) {
        PendingRows.flush();
        jdbc.update("update qs_website set password_protected = ?, updated_at = ?, updated_sequence = ? where id = ?"
                + PendingRows.NEWER, on, ts(at), sequence, websiteId, sequence);
    }

    private static Timestamp ts(Instant at) {
        return Timestamp.from(at);
    }
}
