package io.sites.app.blobs;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The mark, as the database answers it: which rows of {@code stored_blob} untouched since the cutoff nothing
 * retained refers to. Referred to means: a file of a version that is not pruned, of a website that is not deleted
 * (the read model's manifests, {@code qs_version_file}); an upload slot not yet expired nor used; a picture of such
 * a version. Asked a page at a time in digest order, so memory stays one page whatever the store holds; the
 * database answers each with index lookups. Here in app because it reads tables of three modules, as
 * V2026_11_23_86 does; nothing else reads another module's tables.
 */
@Component
class BlobMarks {
    private static final String UNREFERENCED = "select b.sha256 from stored_blob b"
            + " where b.touched_at < ? and b.sha256 > ?"
            + " and not exists (select 1 from qs_version_file f join qs_version v on v.job_id = f.job_id"
            + "   join qs_website w on w.id = v.website_id"
            + "   where f.sha256 = b.sha256 and v.pruned_at is null and w.deleted_at is null)"
            + " and not exists (select 1 from upload_slot u where u.blob_sha256 = b.sha256"
            + "   and u.used_at is null and u.expires_at > ?)"
            + " and not exists (select 1 from version_picture p join qs_version v on v.website_id = p.website_id"
            + "   and v.version = p.version join qs_website w on w.id = p.website_id"
            + "   where p.sha256 = b.sha256 and v.pruned_at is null and w.deleted_at is null)"
            + " order by b.sha256 limit ?";

    private final JdbcTemplate jdbc;

    BlobMarks(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Whether the read model is being rebuilt: its tables are then incomplete, and no mark may be read from them. */
    boolean readModelFrozen() {
        Integer frozen = jdbc.queryForObject("select count(*) from qs_read_freeze", Integer.class);
        return frozen != null && frozen > 0;
    }

    /** The next page of unreferenced blobs after {@code after} (empty string: from the first). */
    List<String> unreferenced(Instant cutoff, Instant now, String after, int page) {
        return jdbc.queryForList(UNREFERENCED, String.class, Timestamp.from(cutoff), after, Timestamp.from(now),
                page);
    }

    long storedRows() {
        Long rows = jdbc.queryForObject("select count(*) from stored_blob", Long.class);
        return rows == null ? 0 : rows;
    }
}
