package io.sites.query.website;

import static io.sites.query.website.StoredValues.DELETED;

import java.util.Map;
import java.util.TreeMap;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Each owner's number of live websites in {@code qs_owner_count}, changed only when the projection really
 * inserted or deleted a website row, so a redelivered event changes nothing. Several segments process events at
 * once and hold their row locks until their batch commits; a batch's changes are therefore added up and written
 * at its prepare-commit in owner order, so two batches never wait on each other's rows in opposite orders.
 */
final class OwnerCounts {
    private static final String PENDING = OwnerCounts.class.getName() + ".pending";

    private final JdbcTemplate jdbc;

    OwnerCounts(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    void add(String owner, int delta) {
        if (!CurrentUnitOfWork.isStarted()) {
            write(Map.of(owner, delta));
            return;
        }
        join(CurrentUnitOfWork.get().root()).merge(owner, delta, Integer::sum);
    }

    /** The batch's changes, written at its prepare-commit after what the batch registered before this. */
    Map<String, Integer> join(UnitOfWork<?> batch) {
        return batch.getOrComputeResource(PENDING, key -> {
            Map<String, Integer> changes = new TreeMap<>();
            batch.onPrepareCommit(unit -> write(changes));
            return changes;
        });
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

    private void write(Map<String, Integer> changes) {
        changes.forEach((owner, delta) -> {
            if (delta != 0) {
                jdbc.update("insert into qs_owner_count (owner_id, live) values (?, 0) on conflict do nothing", owner);
                jdbc.update("update qs_owner_count set live = live + ? where owner_id = ?", delta, owner);
            }
        });
    }
}
