// Each owner's distinct stored blobs and what they weigh, kept as a running total for the storage quota.
package io.sites.query.website;

import static io.sites.query.website.StoredValues.DELETED;

import io.sites.api.site.ManifestEntry;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The blobs each owner's counted versions reference ({@code qs_owner_blob}): a version counts while it is not pruned
 * and its website is not deleted, and a blob is the owner's while at least one counted version names it, each blob
 * once however many versions or websites share it. A row keeps how many counted versions name the blob; the owner's
 * {@code qs_owner_count.stored_bytes} adds a blob's size when its row goes from none to one version and takes it off
 * when it goes back to none. So the quota reads one row per publish instead of summing every file of the owner's
 * history, and a pruned or deleted version frees what only it referenced, as the blob collector does.
 *
 * <p>The changes are made where the projection knows a version started or stopped counting (inserted, pruned, its
 * website deleted or claimed by another owner), never on a redelivered event, and written at the batch's
 * prepare-commit in (owner, digest) order before the owners' totals, so two batches never wait on each other
 * crosswise.
 */
final class OwnerBlobs {
    private static final int CHUNK = 500;
    private static final String COUNTED_FILES = "select f.sha256, max(f.size), count(distinct f.job_id)"
            + " from qs_version_file f join qs_version v on v.job_id = f.job_id"
            + " where %s and v.pruned_at is null and f.sha256 is not null group by f.sha256";

    private OwnerBlobs() {
    }

    /** How many counted versions start (positive) or stop (negative) naming a blob of this size. */
    record Change(long size, int versions) {
        Change plus(Change other) {
            return new Change(size, versions + other.versions);
        }
    }

    /** A new version's blobs, each once however many of its paths name it. */
    static Map<String, Change> of(List<ManifestEntry> files) {
        Map<String, Change> blobs = new HashMap<>();
        for (ManifestEntry file : files) {
            if (file.sha256() != null) {
                blobs.putIfAbsent(file.sha256(), new Change(file.size(), 1));
            }
        }
        return blobs;
    }

    /** The website's counted versions' blobs, each with the number of them naming it. */
    static Map<String, Change> ofWebsite(JdbcTemplate jdbc, String websiteId) {
        return counted(jdbc, "v.website_id = ?", websiteId);
    }

    /** One version's blobs, if it is counted: a version pruned already names none. */
    static Map<String, Change> ofVersion(JdbcTemplate jdbc, String websiteId, int version) {
        return counted(jdbc, "v.website_id = ? and v.version = ?", websiteId, version);
    }

    /** The owner of a website whose versions count: none for a deleted or unknown one. */
    static String countingOwner(JdbcTemplate jdbc, String websiteId) {
        List<String> owner = jdbc.queryForList("select owner_id from qs_website where id = ? and status <> " + DELETED,
                String.class, websiteId);
        return owner.isEmpty() ? null : owner.getFirst();
    }

    /**
     * Writes these changes, owner by owner and digest by digest, and answers how each owner's stored bytes change. A
     * row that reaches no version is deleted; a change for a row that does not exist (which the projection never
     * makes) is left out rather than making one with a negative count.
     */
    static Map<String, Long> write(JdbcTemplate jdbc, Map<String, TreeMap<String, Change>> changes) {
        Map<String, Long> bytes = new TreeMap<>();
        new TreeMap<>(changes).forEach((owner, blobs) -> {
            List<Object[]> missing = new ArrayList<>();
            List<Object[]> counts = new ArrayList<>();
            blobs.forEach((sha256, change) -> {
                if (change.versions() > 0) {
                    missing.add(new Object[] {owner, sha256, change.size()});
                }
                if (change.versions() != 0) {
                    counts.add(new Object[] {change.versions(), owner, sha256});
                }
            });
            if (counts.isEmpty()) {
                return;
            }
            if (!missing.isEmpty()) {
                // With no version yet: the count below makes it one, and the read after it tells that it is new.
                jdbc.batchUpdate("insert into qs_owner_blob (owner_id, sha256, size, versions) values (?, ?, ?, 0)"
                        + " on conflict do nothing", missing);
            }
            jdbc.batchUpdate("update qs_owner_blob set versions = versions + ? where owner_id = ? and sha256 = ?",
                    counts);
            long delta = 0;
            List<Object[]> gone = new ArrayList<>();
            List<String> digests = counts.stream().map(row -> (String) row[2]).toList();
            for (int from = 0; from < digests.size(); from += CHUNK) {
                List<String> chunk = digests.subList(from, Math.min(digests.size(), from + CHUNK));
                List<Object> arguments = new ArrayList<>(chunk.size() + 1);
                arguments.add(owner);
                arguments.addAll(chunk);
                for (Map<String, Object> row : jdbc.queryForList("select sha256, size, versions from qs_owner_blob"
                        + " where owner_id = ? and sha256 in (" + String.join(", ", Collections.nCopies(chunk.size(),
                        "?")) + ")", arguments.toArray())) {
                    String sha256 = (String) row.get("sha256");
                    long size = ((Number) row.get("size")).longValue();
                    int after = ((Number) row.get("versions")).intValue();
                    int before = after - blobs.get(sha256).versions();
                    if (before <= 0 && after > 0) {
                        delta += size;
                    } else if (before > 0 && after <= 0) {
                        delta -= size;
                    }
                    if (after <= 0) {
                        gone.add(new Object[] {owner, sha256});
                    }
                }
            }
            if (!gone.isEmpty()) {
                jdbc.batchUpdate("delete from qs_owner_blob where owner_id = ? and sha256 = ?", gone);
            }
            if (delta != 0) {
                bytes.put(owner, delta);
            }
        });
        return bytes;
    }

    private static Map<String, Change> counted(JdbcTemplate jdbc, String where, Object... arguments) {
        Map<String, Change> blobs = new HashMap<>();
        jdbc.query(COUNTED_FILES.formatted(where), row -> {
            blobs.put(row.getString(1), new Change(row.getLong(2), row.getInt(3)));
        }, arguments);
        return blobs;
    }
}
