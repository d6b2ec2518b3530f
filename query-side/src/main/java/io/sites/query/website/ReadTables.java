package io.sites.query.website;

import java.sql.Timestamp;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Which tables the reads use. Normally the live ones; while the read model is rebuilt from the event store, a copy
 * taken just before the rebuild, so that every reader keeps getting the complete (if not newest) model instead of
 * a half-built one. The switch is a row in the database, so all replicas follow it within {@link #RECHECK}.
 *
 * <p>A migration that adds a column to one of these tables adds it to its copy too, when one exists: a database
 * upgraded across V2026_11_23_81 in one step is still being rebuilt when the later migrations run
 * (V2026_11_28_50 shows how).
 */
@Component
class ReadTables {
    static final String LIVE = "qs_";
    static final String FROZEN = "qs_frozen_";
    private static final long RECHECK = TimeUnit.MILLISECONDS.toNanos(500);
    /** Longer than {@link #RECHECK}: every replica has switched before the tables under it change. */
    private static final long SETTLE_MILLIS = 1_200;
    private static final List<String> TABLES = List.of("website", "version", "version_file", "version_warning",
            "collaborator");
    private static final List<String> INDEXES = List.of("website (id)",
            "website (owner_id, updated_at desc, id, status)", "version (job_id)", "version (website_id)",
            "version_file (job_id)", "version_warning (job_id)", "collaborator (website_id)",
            "collaborator (account_id)");

    private final JdbcTemplate jdbc;
    private final Clock clock;
    private volatile boolean frozen;
    private volatile long checkedAt = System.nanoTime() - RECHECK;

    ReadTables(JdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** The query with its read-model tables pointed at the copy while a rebuild runs. */
    String sql(String query) {
        return isFrozen() ? query.replace(LIVE, FROZEN) : query;
    }

    public boolean isFrozen() {
        long now = System.nanoTime();
        if (now - checkedAt >= RECHECK) {
            Integer rows = jdbc.queryForObject("select count(*) from qs_read_freeze", Integer.class);
            frozen = rows != null && rows > 0;
            checkedAt = now;
        }
        return frozen;
    }

    /** Copies the read model aside and points every replica's reads at the copy. */
    public void freeze() throws InterruptedException {
        for (String table : TABLES) {
            jdbc.execute("drop table if exists " + FROZEN + table);
            jdbc.execute("create table " + FROZEN + table + " as select * from " + LIVE + table);
        }
        for (String index : INDEXES) {
            String table = index.substring(0, index.indexOf(' '));
            String name = FROZEN + table + "_" + index.replaceAll("[^a-z_]", "").substring(table.length());
            jdbc.execute("create index " + name + " on " + FROZEN + index);
        }
        jdbc.update("delete from qs_read_freeze");
        jdbc.update("insert into qs_read_freeze (id, frozen_at) values (1, ?)", Timestamp.from(clock.instant()));
        frozen = true;
        checkedAt = System.nanoTime();
        Thread.sleep(SETTLE_MILLIS);
    }

    /** Points reads back at the live tables, then drops the copy once no replica can still be reading it. */
    public void thaw() throws InterruptedException {
        jdbc.update("delete from qs_read_freeze");
        frozen = false;
        checkedAt = System.nanoTime();
        Thread.sleep(SETTLE_MILLIS);
        for (String table : TABLES) {
            jdbc.execute("drop table if exists " + FROZEN + table);
        }
    }
}
