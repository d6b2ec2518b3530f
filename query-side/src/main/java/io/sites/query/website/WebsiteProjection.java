package io.sites.query.website;

import io.sites.api.VersionPublished;
import io.sites.api.WebsiteCreated;
import java.time.Instant;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Websites, versions and jobs as the REST reads show them. Every handler is idempotent (a redelivered event
 * changes nothing), so the model can be rebuilt by replaying the event store at any time.
 */
@Component
@ProcessingGroup(WebsiteProjection.PROCESSING_GROUP)
class WebsiteProjection {
    static final String PROCESSING_GROUP = "read-model";

    private final JdbcTemplate jdbc;

    WebsiteProjection(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @EventHandler
    void on(WebsiteCreated event, @org.axonframework.eventhandling.Timestamp Instant at) {
        jdbc.update("""
                insert into qs_website (id, owner_id, name, slug, category, description, status, created_at, updated_at)
                select ?, ?, ?, ?, ?, ?, 'draft', ?, ? where not exists (select 1 from qs_website where id = ?)""",
                event.websiteId().value(), event.owner().value(), event.name(), event.slug(),
                event.category().wire(), event.description(), ts(at), ts(at), event.websiteId().value());
    }

    @EventHandler
    void on(VersionPublished event, @org.axonframework.eventhandling.Timestamp Instant at) {
        jdbc.update("""
                insert into qs_version (job_id, website_id, version, kind, status, message, promote, file_count,
                                        total_bytes, created_at)
                select ?, ?, ?, ?, 'ready', ?, ?, ?, ?, ? where not exists (select 1 from qs_version where job_id = ?)""",
                event.jobId().value(), event.websiteId().value(), event.version(), event.kind().wire(),
                event.message(), event.promote(), event.files().size(), event.totalBytes(), ts(at),
                event.jobId().value());
        if (event.promote()) {
            jdbc.update("""
                    update qs_website set current_job_id = ?, current_version = ?, status = 'active', updated_at = ?
                    where id = ?""", event.jobId().value(), event.version(), ts(at), event.websiteId().value());
        } else {
            jdbc.update("update qs_website set updated_at = ? where id = ?", ts(at), event.websiteId().value());
        }
    }

    private static java.sql.Timestamp ts(Instant at) {
        return java.sql.Timestamp.from(at);
    }
}
