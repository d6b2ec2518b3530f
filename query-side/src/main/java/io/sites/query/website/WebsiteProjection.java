package io.sites.query.website;

import static io.sites.query.website.StoredValues.ACTIVE;
import static io.sites.query.website.StoredValues.DELETED;
import static io.sites.query.website.StoredValues.DRAFT;
import static io.sites.query.website.StoredValues.READY;

import io.sites.api.CollaboratorAdded;
import io.sites.api.CollaboratorRemoved;
import io.sites.api.SitePasswordCleared;
import io.sites.api.SitePasswordSet;
import io.sites.api.VersionPromoted;
import io.sites.api.VersionPublished;
import io.sites.api.Warning;
import io.sites.api.WebsiteCreated;
import io.sites.api.WebsiteDeleted;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Websites, versions, their files and editors as the REST reads show them. Every handler is idempotent (a
 * redelivered event changes nothing) and takes its times from the event, so replaying the event store rebuilds the
 * same model at any time. The live version follows the event order: the last promoting event of a website (a
 * VersionPublished with promote, or a VersionPromoted) wins, whether it names a newer or an older version. The row
 * keeps that event's sequence number in the website's stream, so a redelivered earlier event never moves it back.
 */
@Component
@ProcessingGroup(WebsiteProjection.PROCESSING_GROUP)
class WebsiteProjection {
    static final String PROCESSING_GROUP = "read-model";

    private final JdbcTemplate jdbc;
    private final OwnerCounts owners;

    WebsiteProjection(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
        this.owners = new OwnerCounts(jdbc);
    }

    @EventHandler
    void on(WebsiteCreated event, @org.axonframework.eventhandling.Timestamp Instant at) {
        int inserted = jdbc.update("""
                insert into qs_website (id, owner_id, name, slug, category, description, status, created_at, updated_at)
                select ?, ?, ?, ?, ?, ?, %s, ?, ? where not exists (select 1 from qs_website where id = ?)"""
                .formatted(DRAFT),
                event.websiteId().value(), event.owner().value(), event.name(), event.slug(),
                event.category().wire(), event.description(), ts(at), ts(at), event.websiteId().value());
        if (inserted == 1) {
            owners.add(event.owner().value(), 1);
        }
    }

    @EventHandler
    void on(VersionPublished event, @org.axonframework.eventhandling.Timestamp Instant at,
            @SequenceNumber long sequence) {
        int inserted = jdbc.update("""
                insert into qs_version (job_id, website_id, version, kind, status, message, promote, file_count,
                                        total_bytes, created_at)
                select ?, ?, ?, ?, %s, ?, ?, ?, ?, ? where not exists (select 1 from qs_version where job_id = ?)"""
                .formatted(READY),
                event.jobId().value(), event.websiteId().value(), event.version(), event.kind().wire(),
                event.message(), event.promote(), event.files().size(), event.totalBytes(), ts(at),
                event.jobId().value());
        if (inserted == 1) {
            // The version row and its files commit in the same batch transaction, so "no version row" means
            // "no file rows" and a redelivery skips both.
            jdbc.batchUpdate("insert into qs_version_file (job_id, path, content_type, size, sha256) values (?, ?, ?, ?, ?)",
                    event.files(), 500, (statement, file) -> {
                        statement.setString(1, event.jobId().value());
                        statement.setString(2, file.path());
                        statement.setString(3, file.contentType());
                        statement.setLong(4, file.size());
                        statement.setString(5, file.sha256());
                    });
            List<Warning> warnings = event.warnings();
            jdbc.batchUpdate("insert into qs_version_warning (job_id, position, code, message, path, detail) "
                    + "values (?, ?, ?, ?, ?, ?)", IntStream.range(0, warnings.size()).boxed()
                    .toList(), 500, (statement, i) -> {
                        statement.setString(1, event.jobId().value());
                        statement.setInt(2, i);
                        statement.setString(3, warnings.get(i).code());
                        statement.setString(4, warnings.get(i).message());
                        statement.setString(5, warnings.get(i).path());
                        statement.setString(6, warnings.get(i).detail());
                    });
        }
        if (event.promote()) {
            live(event.websiteId().value(), event.jobId().value(), event.version(), sequence, at);
        } else {
            touch(event.websiteId().value(), at);
        }
    }

    @EventHandler
    void on(VersionPromoted event, @org.axonframework.eventhandling.Timestamp Instant at,
            @SequenceNumber long sequence) {
        String jobId = jdbc.queryForObject("select job_id from qs_version where website_id = ? and version = ?",
                String.class, event.websiteId().value(), event.version());
        live(event.websiteId().value(), jobId, event.version(), sequence, at);
    }

    @EventHandler
    void on(CollaboratorAdded event, @org.axonframework.eventhandling.Timestamp Instant at) {
        jdbc.update("""
                insert into qs_collaborator (website_id, account_id, added_at)
                select ?, ?, ? where not exists
                    (select 1 from qs_collaborator where website_id = ? and account_id = ?)""",
                event.websiteId().value(), event.collaborator().value(), ts(at), event.websiteId().value(),
                event.collaborator().value());
        touch(event.websiteId().value(), at);
    }

    @EventHandler
    void on(CollaboratorRemoved event, @org.axonframework.eventhandling.Timestamp Instant at) {
        jdbc.update("delete from qs_collaborator where website_id = ? and account_id = ?",
                event.websiteId().value(), event.collaborator().value());
        touch(event.websiteId().value(), at);
    }

    @EventHandler
    void on(WebsiteDeleted event, @org.axonframework.eventhandling.Timestamp Instant at) {
        // The row stays (status deleted) so that jobs and counts can tell "deleted" from "never existed".
        String id = event.websiteId().value();
        List<String> owner = jdbc.queryForList("select owner_id from qs_website where id = ? and status <> "
                + DELETED, String.class, id);
        int deleted = jdbc.update("update qs_website set status = " + DELETED
                + ", deleted_at = ?, updated_at = ? where id = ? and status <> " + DELETED, ts(at), ts(at), id);
        if (deleted == 1) {
            owners.add(owner.getFirst(), -1);
        }
    }

    @EventHandler
    void on(SitePasswordSet event, @org.axonframework.eventhandling.Timestamp Instant at) {
        // Only the flag: the hash belongs to the site server, which checks it; reads never need it.
        jdbc.update("update qs_website set password_protected = true, updated_at = ? where id = ?", ts(at),
                event.websiteId().value());
    }

    @EventHandler
    void on(SitePasswordCleared event, @org.axonframework.eventhandling.Timestamp Instant at) {
        jdbc.update("update qs_website set password_protected = false, updated_at = ? where id = ?", ts(at),
                event.websiteId().value());
    }

    /** A replay starts from nothing: every row is rebuilt from the events. */
    @ResetHandler
    void reset() {
        jdbc.update("delete from qs_version_file");
        jdbc.update("delete from qs_version_warning");
        jdbc.update("delete from qs_version");
        jdbc.update("delete from qs_collaborator");
        jdbc.update("delete from qs_website");
        owners.clear();
    }

    /**
     * The version becomes the live one, whatever number was live before: the event's place in the website's stream
     * decides, not the version number (a rollback names an older one).
     */
    private void live(String websiteId, String jobId, int version, long sequence, Instant at) {
        jdbc.update("""
                update qs_website set current_job_id = ?, current_version = ?, current_sequence = ?,
                       status = case when status = %s then status else %s end, updated_at = ?
                where id = ? and (current_sequence is null or current_sequence < ?)""".formatted(DELETED, ACTIVE),
                jobId, version, sequence, ts(at), websiteId, sequence);
    }

    private void touch(String websiteId, Instant at) {
        jdbc.update("update qs_website set updated_at = ? where id = ?", ts(at), websiteId);
    }

    private static Timestamp ts(Instant at) {
        return Timestamp.from(at);
    }
}
