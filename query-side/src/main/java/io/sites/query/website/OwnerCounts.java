package io.sites.query.website;

import static io.sites.query.website.StoredValues.DELETED;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.TreeSet;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Each owner's number of live websites and stored bytes in {@code qs_owner_count}, changed only when the projection
 * really inserted or deleted a website row, or a version started or stopped counting ({@link OwnerBlobs}), so a
 * redelivered event changes nothing. Several segments process events at once and hold their row locks until their
 * batch commits; a batch's changes are therefore added up and written at its prepare-commit, owner by owner in key
 * order, each owner's row locked before its blobs are settled, so two batches never wait on each other's rows in
 * opposite orders.
 */
final class OwnerCounts {
    private static final String PENDING = OwnerCounts.class.getName() + ".pending";

    private final JdbcTemplate jdbc;
    private volatile Boolean postgres;

    OwnerCounts(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    void add(String owner, int delta) {
        Changes changes = changes();
        changes.live.merge(owner, delta, Integer::sum);
        writeUnlessBatched(changes);
    }

    /** These versions (job ids) of the owner start counting for its stored bytes. */
    void addVersions(String owner, Collection<String> jobs) {
        touch(owner, jobs, true);
    }

    /** These versions of the owner stop counting: pruned, or their website deleted or claimed by another. */
    void removeVersions(String owner, Collection<String> jobs) {
        touch(owner, jobs, false);
    }

    private void touch(String owner, Collection<String> jobs, boolean added) {
        if (owner == null || jobs.isEmpty()) {
            return;
        }
        Changes changes = changes();
        OwnerBlobs.Touched touched = changes.blobs.computeIfAbsent(owner,
                key -> new OwnerBlobs.Touched(new HashSet<>(), new HashSet<>()));
        (added ? touched.added() : touched.removed()).addAll(jobs);
        writeUnlessBatched(changes);
    }

    /**
     * The batch's changes, written at its prepare-commit. The batch's pending rows are written first, whenever they
     * were registered: writing them counts new websites and versions here, and a count added after this write would
     * be lost.
     */
    Changes join(UnitOfWork<?> batch) {
        return batch.getOrComputeResource(PENDING, key -> {
            Changes changes = new Changes();
            batch.onPrepareCommit(unit -> {
                PendingRows.flush();
                write(changes);
            });
            return changes;
        });
    }

    /** The batch's changes; outside a batch (a test, a handler called directly) fresh ones, written at once. */
    private Changes changes() {
        return CurrentUnitOfWork.isStarted() ? join(CurrentUnitOfWork.get().root()) : new Changes();
    }

    private void writeUnlessBatched(Changes changes) {
        if (!CurrentUnitOfWork.isStarted()) {
            write(changes);
        }
    }

    /**
     * The owner's live websites: the kept count, or while a rebuild runs (the counts are rebuilt with the tables) a
     * count in the frozen copy, which every rebuild has, even one a migration froze before this table existed.
     */
    int live(String owner, ReadTables tables) {
        Integer live = tables.isFrozen()
                ? jdbc.queryForObject("select count(*) from " + ReadTables.FROZEN + "website where owner_id = ?"
                        + " and status <> " + DELETED, Integer.class, owner)
                : jdbc.query("select live from qs_owner_count where owner_id = ?", rs -> rs.next() ? rs.getInt(1) : 0,
                        owner);
        return live == null ? 0 : live;
    }

    void clear() {
        jdbc.update("delete from qs_owner_count");
    }

    /**
     * Owner by owner in key order. An owner whose blobs change has its row made if missing and locked first, so
     * whoever settles an owner's blobs ({@link OwnerBlobs#write}) does so alone; a change of the live count alone
     * needs no more than the update's own lock.
     */
    private void write(Changes changes) {
        TreeSet<String> owners = new TreeSet<>(changes.live.keySet());
        owners.addAll(changes.blobs.keySet());
        for (String owner : owners) {
            int live = changes.live.getOrDefault(owner, 0);
            OwnerBlobs.Touched touched = changes.blobs.get(owner);
            if (live == 0 && touched == null) {
                continue;
            }
            jdbc.update("insert into qs_owner_count (owner_id, live) values (?, 0) on conflict do nothing", owner);
            long stored = 0;
            if (touched != null) {
                jdbc.queryForList("select live from qs_owner_count where owner_id = ? for update", Integer.class,
                        owner);
                stored = OwnerBlobs.write(jdbc, postgres(), owner, touched);
            }
            if (live != 0 || stored != 0) {
                jdbc.update("update qs_owner_count set live = live + ?, stored_bytes = stored_bytes + ?"
                        + " where owner_id = ?", live, stored, owner);
            }
        }
        changes.live.clear();
        changes.blobs.clear();
    }

    /** Whether the read model is in PostgreSQL (else H2), asked once. */
    private boolean postgres() {
        Boolean known = postgres;
        if (known == null) {
            known = ReadModelDatabase.isPostgres(jdbc);
            postgres = known;
        }
        return known;
    }

    /** A batch's changes: live websites and blobs, by owner. */
    static final class Changes {
        private final Map<String, Integer> live = new HashMap<>();
        private final Map<String, OwnerBlobs.Touched> blobs = new HashMap<>();
    }
}
