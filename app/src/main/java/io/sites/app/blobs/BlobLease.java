package io.sites.app.blobs;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * One collector at a time in a fleet: a single row in {@code blob_collection_lease}, taken when free or lapsed and
 * renewed while a round runs. The lease saves work, it is not what makes a sweep safe (row locks are): two
 * collectors at once, after a stall outlived the lease, each still remove only blobs they doomed under lock.
 */
@Component
class BlobLease {
    private final JdbcTemplate jdbc;
    private final Clock clock;
    private final String holder = "collector-" + ProcessHandle.current().pid() + "-" + UUID.randomUUID();

    BlobLease(JdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** Takes or renews the lease for {@code length}; false if another collector holds it. */
    boolean hold(Duration length) {
        Timestamp now = Timestamp.from(clock.instant());
        Timestamp until = Timestamp.from(clock.instant().plus(length));
        if (jdbc.update("update blob_collection_lease set holder = ?, held_until = ? where id = 1"
                + " and (holder = ? or held_until < ?)", holder, until, holder, now) == 1) {
            return true;
        }
        try {
            return jdbc.update("insert into blob_collection_lease (id, holder, held_until) select 1, ?, ?"
                    + " where not exists (select 1 from blob_collection_lease where id = 1)", holder, until) == 1;
        } catch (DuplicateKeyException raced) {
            return false;
        }
    }

    /** Lets the next collector in at once, rather than when the lease lapses. */
    void release() {
        jdbc.update("update blob_collection_lease set held_until = ? where id = 1 and holder = ?",
                Timestamp.from(clock.instant()), holder);
    }

    String holder() {
        return holder;
    }
}
