// Each owner's distinct stored blobs and what they weigh, kept as a running total for the storage quota.
package io.sites.query.website;

import static io.sites.query.website.StoredValues.DELETED;

import java.util.List;
import java.util.Set;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The blobs each owner's counted versions name ({@code qs_owner_blob}): a version counts while it is not pruned and
 * its website is not deleted, and a blob is the owner's while at least one counted version names it, each blob once
 * however many versions or websites share it. The owner's {@code qs_owner_count.stored_bytes} is the sum of their
 * sizes. So the quota reads one row per publish instead of summing every file of the owner's history, and a pruned
 * or deleted version frees what only it named, as the blob collector does.
 *
 * <p>The projection notes which versions a batch started or stopped counting and {@link #write} settles each owner
 * at the batch's prepare-commit, holding the owner's {@code qs_owner_count} row: every writer of an owner's blobs
 * holds it, so a check that no other version names a blob and the delete that follows never race a version of
 * another segment that starts naming it (that one waits, then finds the blob gone and adds it back). The statements
 * are set-based over {@code qs_version_file}: a republish of a big site costs an anti-join inside the database,
 * not a write per file, and a blob the live version named already is found there and left alone.
 */
final class OwnerBlobs {
    /** A version of this owner that counts: not pruned, of a website the owner has and has not deleted. */
    private static final String COUNTED = " from qs_version_file f join qs_version v on v.job_id = f.job_id"
            + " join qs_website w on w.id = v.website_id where w.owner_id = ? and w.status <> " + DELETED
            + " and v.pruned_at is null";
    private static final String NEW_BLOBS = "select f.sha256, max(f.size) as size" + COUNTED
            + " and f.job_id in (%s) and f.sha256 is not null and not exists (select 1 from qs_owner_blob b"
            + " where b.owner_id = ? and b.sha256 = f.sha256) group by f.sha256";
    /** Completes "b.sha256 in": the removed versions' blobs that no counted version names. */
    private static final String UNNAMED = " (select sha256 from qs_version_file where job_id in (%s)) and not exists"
            + " (select 1" + COUNTED + " and f.sha256 = b.sha256)";

    private OwnerBlobs() {
    }

    /** The versions (job ids) a batch made count or stop counting for one owner. */
    record Touched(Set<String> added, Set<String> removed) {
    }

    /**
     * Settles the owner's blobs after the batch: the removed versions' blobs no counted version names any more leave,
     * the added versions' blobs the owner did not have join. Answers the change of the owner's stored bytes, summed
     * from the rows each statement changed (one statement each, so no anti-join runs twice). The caller holds the
     * owner's row.
     */
    static long write(JdbcTemplate jdbc, boolean postgres, String owner, Touched touched) {
        long delta = 0;
        for (List<String> jobs : chunks(touched.removed())) {
            String delete = "delete from qs_owner_blob b where b.owner_id = ? and b.sha256 in"
                    + UNNAMED.formatted(marks(jobs.size()));
            delta -= summed(jdbc, postgres, delete, arguments(owner, jobs, owner));
        }
        for (List<String> jobs : chunks(touched.added())) {
            String insert = "insert into qs_owner_blob (owner_id, sha256, size) select ?, sha256, size from ("
                    + NEW_BLOBS.formatted(marks(jobs.size())) + ") blobs";
            delta += summed(jdbc, postgres, insert, prepend(owner, arguments(owner, jobs, owner)));
        }
        return delta;
    }

    /**
     * Runs an insert or delete of {@code qs_owner_blob} rows and answers the sum of their sizes: PostgreSQL returns
     * the rows from a data-modifying {@code with}, H2 from a data change delta table.
     */
    private static long summed(JdbcTemplate jdbc, boolean postgres, String change, Object[] arguments) {
        String query = postgres
                ? "with changed as (" + change + " returning size) select coalesce(sum(size), 0) from changed"
                : "select coalesce(sum(size), 0) from " + (change.startsWith("delete") ? "old" : "final")
                        + " table (" + change + ")";
        Long sum = jdbc.queryForObject(query, Long.class, arguments);
        return sum == null ? 0 : sum;
    }

    /** The job ids of a website's versions, for a deletion or a claim: all of them, whatever counts. */
    static List<String> versionsOf(JdbcTemplate jdbc, String websiteId) {
        return jdbc.queryForList("select job_id from qs_version where website_id = ?", String.class, websiteId);
    }

    /** The job id of one version, if the read model has it. */
    static List<String> versionOf(JdbcTemplate jdbc, String websiteId, int version) {
        return jdbc.queryForList("select job_id from qs_version where website_id = ? and version = ?", String.class,
                websiteId, version);
    }

    /** The owner of a website whose versions count: none for a deleted or unknown one. */
    static String countingOwner(JdbcTemplate jdbc, String websiteId) {
        List<String> owner = jdbc.queryForList("select owner_id from qs_website where id = ? and status <> " + DELETED,
                String.class, websiteId);
        return owner.isEmpty() ? null : owner.getFirst();
    }

    private static String marks(int count) {
        return String.join(", ", java.util.Collections.nCopies(count, "?"));
    }

    /** A website's versions a thousand at a time: each statement stays well within the drivers' placeholders. */
    private static List<List<String>> chunks(Set<String> jobs) {
        List<String> all = List.copyOf(jobs);
        List<List<String>> chunks = new java.util.ArrayList<>();
        for (int from = 0; from < all.size(); from += 1000) {
            chunks.add(all.subList(from, Math.min(all.size(), from + 1000)));
        }
        return chunks;
    }

    /** The owner, the jobs, the owner again: the order of the placeholders in both statements. */
    private static Object[] arguments(String owner, List<String> jobs, String again) {
        Object[] arguments = new Object[jobs.size() + 2];
        arguments[0] = owner;
        int i = 1;
        for (String job : jobs) {
            arguments[i++] = job;
        }
        arguments[i] = again;
        return arguments;
    }

    private static Object[] prepend(String first, Object[] rest) {
        Object[] arguments = new Object[rest.length + 1];
        arguments[0] = first;
        System.arraycopy(rest, 0, arguments, 1, rest.length);
        return arguments;
    }
}
