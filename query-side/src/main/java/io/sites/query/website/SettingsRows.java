package io.sites.query.website;

import io.sites.api.event.VersionsPruned;
import io.sites.api.event.WebsiteSettingsChanged;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The read model's share of the owner's settings and of retention: the changed columns of the website's row, and
 * the pruned mark of its versions. Idempotent like every handler of {@link WebsiteProjection}: a settings event
 * older than the row's last change is ignored, a version pruned already keeps its first time.
 */
final class SettingsRows {
    private SettingsRows() {
    }

    static void changed(JdbcTemplate jdbc, WebsiteSettingsChanged event, Instant at, long sequence) {
        List<String> columns = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        if (event.sets(WebsiteSettingsChanged.NAME)) {
            columns.add("name = ?");
            values.add(event.name());
        }
        if (event.sets(WebsiteSettingsChanged.DESCRIPTION)) {
            columns.add("description = ?");
            values.add(event.description());
        }
        if (event.sets(WebsiteSettingsChanged.CATEGORY)) {
            columns.add("category = ?");
            values.add(event.category().wire());
        }
        if (event.sets(WebsiteSettingsChanged.RETAIN_VERSIONS)) {
            columns.add("retain_versions = ?");
            values.add(event.retainVersions());
        }
        if (event.sets(WebsiteSettingsChanged.EXPIRES_AT)) {
            columns.add("expires_at = ?");
            values.add(event.expiresAt() == null ? null : Timestamp.from(event.expiresAt()));
        }
        columns.add("updated_at = ?");
        values.add(Timestamp.from(at));
        columns.add("updated_sequence = ?");
        values.add(sequence);
        values.add(event.websiteId().value());
        values.add(sequence);
        jdbc.update("update qs_website set " + String.join(", ", columns) + " where id = ?" + PendingRows.NEWER,
                values.toArray());
    }

    /** A version pruned now stops counting for its owner's stored bytes. */
    static void pruned(JdbcTemplate jdbc, VersionsPruned event, Instant at, OwnerCounts owners) {
        String website = event.websiteId().value();
        String owner = OwnerBlobs.countingOwner(jdbc, website);
        for (Integer version : event.versions()) {
            if (jdbc.update("update qs_version set pruned_at = ? where website_id = ? and version = ?"
                    + " and pruned_at is null", Timestamp.from(at), website, version) == 1) {
                owners.removeVersions(owner, OwnerBlobs.versionOf(jdbc, website, version));
            }
        }
    }
}
