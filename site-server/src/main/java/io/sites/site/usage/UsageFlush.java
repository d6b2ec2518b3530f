package io.sites.site.usage;

import io.sites.api.id.WebsiteId;
import io.sites.replica.RepeatedWork;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Writes this replica's usage every {@code sites.site-server.usage.flush}, on a thread of its own: each row holds the
 * replica instance's absolute figure for a (website, hour) or (website, day), replaced at every write. A write that
 * failed, or succeeded but whose answer was lost, is simply made again with the figures of then: a retry can never
 * count twice, and since the instance name is new at every start, a restarted replica never overwrites the rows of
 * its earlier life. Without the database the replica keeps serving and keeps counting in memory (bounded, see
 * {@link SiteUsage}); the next write that succeeds catches up. The fleet's figure is the sum over instances.
 */
public final class UsageFlush implements SmartLifecycle {
    private static final Logger log = LoggerFactory.getLogger(UsageFlush.class);

    private final SiteUsage usage;
    private final JdbcTemplate jdbc;
    private final TransactionTemplate transactions;
    private final String replica;
    private final RepeatedWork work;
    private boolean failing;

    public UsageFlush(SiteUsage usage, JdbcTemplate jdbc, TransactionTemplate transactions, String replica,
            Duration every) {
        this.usage = usage;
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.replica = replica;
        this.work = new RepeatedWork("usage-flush", every, this::flush);
    }

    /** Writes what changed since the last write that succeeded; false when the database refused (kept for later). */
    public synchronized boolean flush() {
        List<SiteUsage.Hour> hours = usage.hours();
        List<SiteUsage.Day> days = usage.days();
        List<Runnable> afterCommit = new ArrayList<>();
        try {
            transactions.executeWithoutResult(status -> {
                Timestamp now = Timestamp.from(Instant.now());
                for (SiteUsage.Hour hour : hours) {
                    for (Map.Entry<WebsiteId, HourCounts> entry : hour.counts().entrySet()) {
                        writeHour(hour.number(), entry.getKey(), entry.getValue(), now, afterCommit);
                    }
                }
                for (SiteUsage.Day day : days) {
                    for (Map.Entry<WebsiteId, DaySketch> entry : day.sketches.entrySet()) {
                        writeDay(day.number, entry.getKey(), entry.getValue(), now, afterCommit);
                    }
                }
            });
        } catch (RuntimeException refused) {
            if (!failing) {
                log.warn("Usage not written; kept in memory and written when the database answers", refused);
            }
            failing = true;
            return false;
        }
        afterCommit.forEach(Runnable::run);
        if (failing) {
            log.info("Usage written again after the database came back");
        }
        failing = false;
        usage.written(hours.subList(0, hours.size() - 1), days.subList(0, days.size() - 1));
        return true;
    }

    private void writeHour(long hour, WebsiteId website, HourCounts counts, Timestamp now,
            List<Runnable> afterCommit) {
        long[] figures = counts.snapshot();
        if (figures[0] == counts.flushedRequests) {
            return;
        }
        Object[] values = {figures[0], figures[1], figures[2], figures[3], figures[4], figures[5], figures[6], now,
                replica, website.value(), hour};
        if (jdbc.update("""
                update usage_hour set requests = ?, bytes_sent = ?, status_2xx = ?, status_3xx = ?, status_4xx = ?,
                status_5xx = ?, cache_hits = ?, written_at = ? where replica = ? and website_id = ? and hour_number = ?
                """, values) == 0) {
            jdbc.update("""
                    insert into usage_hour (requests, bytes_sent, status_2xx, status_3xx, status_4xx, status_5xx,
                    cache_hits, written_at, replica, website_id, hour_number) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, values);
        }
        afterCommit.add(() -> counts.flushedRequests = figures[0]);
    }

    private void writeDay(long day, WebsiteId website, DaySketch sketch, Timestamp now, List<Runnable> afterCommit) {
        long taken = sketch.paths.taken() + sketch.referrers.taken();
        if (taken == sketch.flushed) {
            return;
        }
        String id = website.value();
        Object[] key = {replica, id, day};
        if (jdbc.update("update usage_day set visitors = ?, written_at = ? where replica = ? and website_id = ?"
                + " and day_number = ?", sketch.visitors.encoded(), now, replica, id, day) == 0) {
            jdbc.update("insert into usage_day (visitors, written_at, replica, website_id, day_number)"
                    + " values (?, ?, ?, ?, ?)", sketch.visitors.encoded(), now, replica, id, day);
        }
        jdbc.update("delete from usage_path where replica = ? and website_id = ? and day_number = ?", key);
        for (Map.Entry<String, Long> path : sketch.paths.top(DaySketch.TOP_PATHS)) {
            jdbc.update("insert into usage_path (replica, website_id, day_number, path, requests)"
                    + " values (?, ?, ?, ?, ?)", replica, id, day, path.getKey(), path.getValue());
        }
        jdbc.update("delete from usage_referrer where replica = ? and website_id = ? and day_number = ?", key);
        for (Map.Entry<String, Long> host : sketch.referrers.top(DaySketch.TOP_REFERRERS)) {
            jdbc.update("insert into usage_referrer (replica, website_id, day_number, host, requests)"
                    + " values (?, ?, ?, ?, ?)", replica, id, day, host.getKey(), host.getValue());
        }
        afterCommit.add(() -> sketch.flushed = taken);
    }

    @Override
    public void start() {
        work.start();
    }

    /** At a graceful stop: one last write, so a replica that leaves loses at most what the database refuses. */
    @Override
    public void stop() {
        if (work.stop()) {
            flush();
        }
    }

    @Override
    public boolean isRunning() {
        return work.isRunning();
    }
}
