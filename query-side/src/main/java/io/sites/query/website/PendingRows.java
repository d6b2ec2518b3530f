package io.sites.query.website;

import static io.sites.query.website.StoredValues.ACTIVE;
import static io.sites.query.website.StoredValues.DELETED;
import static io.sites.query.website.StoredValues.DRAFT;
import static io.sites.query.website.StoredValues.READY;

import io.sites.api.site.ManifestEntry;
import io.sites.api.event.VersionPublished;
import io.sites.api.code.Warning;
import io.sites.api.event.WebsiteCreated;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The rows of a batch's new websites and versions, written at its prepare-commit in one JDBC batch per statement
 * instead of three or four round trips per event: a rebuild or a catch-up is mostly these two events. Each
 * insert stays idempotent (the database's count per row says whether it was new, so a redelivered event adds no
 * files and counts no owner twice). A website's live version and time are written once per batch: its promoting
 * event with the highest sequence number, then the time of its last event. Any other event of the batch writes
 * the pending rows first ({@link #flush()}), so every handler sees the rows of the events before it.
 */
final class PendingRows {
    private static final String KEY = PendingRows.class.getName();
    private static final String INSERT_WEBSITE = """
            insert into qs_website (id, owner_id, name, slug, category, description, status, created_at, updated_at,
                                    updated_sequence)
            values (?, ?, ?, ?, ?, ?, %s, ?, ?, ?) on conflict do nothing"""
            .formatted(DRAFT);
    private static final String INSERT_VERSION = """
            insert into qs_version (job_id, website_id, version, kind, status, message, promote, file_count,
                                    total_bytes, created_at)
            values (?, ?, ?, ?, %s, ?, ?, ?, ?, ?) on conflict do nothing"""
            .formatted(READY);
    private static final String INSERT_FILE =
            "insert into qs_version_file (job_id, path, content_type, size, sha256) values (?, ?, ?, ?, ?)";
    private static final String INSERT_WARNING =
            "insert into qs_version_warning (job_id, position, code, message, path, detail) values (?, ?, ?, ?, ?, ?)";
    /** Changes the row only for an event after the last one that changed it: see {@link WebsiteProjection}. */
    static final String NEWER = " and coalesce(updated_sequence, current_sequence, -1) < ?";
    static final String LIVE = """
            update qs_website set current_job_id = ?, current_version = ?, current_sequence = ?,
                   status = case when status = %s then status else %s end, updated_at = ?, updated_sequence = ?
            where id = ?""".formatted(DELETED, ACTIVE) + NEWER;
    static final String TOUCH = "update qs_website set updated_at = ?, updated_sequence = ? where id = ?" + NEWER;

    private final JdbcTemplate jdbc;
    private final OwnerCounts owners;
    private final boolean immediate;
    private final List<Object[]> websites = new ArrayList<>();
    private final List<WebsiteCreated> created = new ArrayList<>();
    private final List<Published> versions = new ArrayList<>();

    private PendingRows(JdbcTemplate jdbc, OwnerCounts owners, boolean immediate) {
        this.jdbc = jdbc;
        this.owners = owners;
        this.immediate = immediate;
    }

    /** The current batch's rows, written at its prepare-commit; outside a unit of work, rows written at once. */
    static PendingRows of(JdbcTemplate jdbc, OwnerCounts owners) {
        if (!CurrentUnitOfWork.isStarted()) {
            return new PendingRows(jdbc, owners, true);
        }
        UnitOfWork<?> batch = CurrentUnitOfWork.get().root();
        PendingRows rows = batch.getResource(KEY);
        if (rows == null) {
            PendingRows pending = new PendingRows(jdbc, owners, false);
            batch.resources().put(KEY, pending);
            batch.onPrepareCommit(unit -> pending.write());
            // After ours: the owner counts of this batch's new websites are written with its other changes.
            owners.join(batch);
            rows = pending;
        }
        return rows;
    }

    /** Writes the current batch's pending rows now, before an event that reads or changes them. */
    static void flush() {
        if (CurrentUnitOfWork.isStarted()) {
            PendingRows rows = CurrentUnitOfWork.get().root().getResource(KEY);
            if (rows != null) {
                rows.write();
            }
        }
    }

    void created(WebsiteCreated event, Instant at, long sequence) {
        String id = event.websiteId().value();
        websites.add(new Object[] {id, event.owner().value(), event.name(), event.slug(), event.category().wire(),
                event.description(), ts(at), ts(at), sequence});
        created.add(event);
        written();
    }

    void published(VersionPublished event, Instant at, long sequence) {
        versions.add(new Published(event, at, sequence));
        written();
    }

    private void written() {
        if (immediate) {
            write();
        }
    }

    private void write() {
        if (!websites.isEmpty()) {
            int[] inserted = jdbc.batchUpdate(INSERT_WEBSITE, websites);
            for (int i = 0; i < inserted.length; i++) {
                if (inserted[i] == 1) {
                    owners.add(created.get(i).owner().value(), 1);
                }
            }
            websites.clear();
            created.clear();
        }
        if (!versions.isEmpty()) {
            writeVersions();
            versions.clear();
        }
    }

    private void writeVersions() {
        List<Object[]> rows = new ArrayList<>(versions.size());
        for (Published published : versions) {
            VersionPublished event = published.event();
            rows.add(new Object[] {event.jobId().value(), event.websiteId().value(), event.version(),
                    event.kind().wire(), event.message(), event.promote(), event.files().size(), event.totalBytes(),
                    ts(published.at())});
        }
        int[] inserted = jdbc.batchUpdate(INSERT_VERSION, rows);
        // The version row and its files commit in the same transaction, so "no version row" means "no file rows"
        // and a redelivery skips both.
        List<Object[]> files = new ArrayList<>();
        List<Object[]> warnings = new ArrayList<>();
        for (int i = 0; i < inserted.length; i++) {
            if (inserted[i] != 1) {
                continue;
            }
            VersionPublished event = versions.get(i).event();
            String job = event.jobId().value();
            for (ManifestEntry file : event.files()) {
                files.add(new Object[] {job, file.path(), file.contentType(), file.size(), file.sha256()});
            }
            List<Warning> list = event.warnings();
            for (int position = 0; position < list.size(); position++) {
                Warning warning = list.get(position);
                warnings.add(new Object[] {job, position, warning.code(), warning.message(), warning.path(),
                        warning.detail()});
            }
        }
        if (!files.isEmpty()) {
            jdbc.batchUpdate(INSERT_FILE, files);
        }
        countBlobs(inserted);
        if (!warnings.isEmpty()) {
            jdbc.batchUpdate(INSERT_WARNING, warnings);
        }
        writeWebsites();
    }

    /** The new versions' blobs count for their website's owner, unless the website is deleted. */
    private void countBlobs(int[] inserted) {
        Map<String, String> owners = new HashMap<>();
        for (int i = 0; i < inserted.length; i++) {
            if (inserted[i] == 1) {
                VersionPublished event = versions.get(i).event();
                String website = event.websiteId().value();
                String owner = owners.computeIfAbsent(website, id -> OwnerBlobs.countingOwner(jdbc, id));
                this.owners.addVersions(owner, List.of(event.jobId().value()));
            }
        }
    }

    /** Per website: the promoting event with the highest sequence number, then the time of its last event. */
    private void writeWebsites() {
        Map<String, Published> promoted = new LinkedHashMap<>();
        Map<String, Published> last = new LinkedHashMap<>();
        for (Published published : versions) {
            String website = published.event().websiteId().value();
            if (published.event().promote()) {
                promoted.merge(website, published, (a, b) -> b.sequence() > a.sequence() ? b : a);
            }
            last.put(website, published);
        }
        List<Object[]> live = new ArrayList<>(promoted.size());
        promoted.forEach((website, published) -> live.add(new Object[] {published.event().jobId().value(),
                published.event().version(), published.sequence(), ts(published.at()), published.sequence(),
                website, published.sequence()}));
        List<Object[]> touched = new ArrayList<>();
        last.forEach((website, published) -> {
            if (promoted.get(website) != published) {
                touched.add(new Object[] {ts(published.at()), published.sequence(), website, published.sequence()});
            }
        });
        if (!live.isEmpty()) {
            jdbc.batchUpdate(LIVE, live);
        }
        if (!touched.isEmpty()) {
            jdbc.batchUpdate(TOUCH, touched);
        }
    }

    private static Timestamp ts(Instant at) {
        return Timestamp.from(at);
    }

    private record Published(VersionPublished event, Instant at, long sequence) {
    }
}
