package io.sites.app.usecases;

import io.sites.api.id.AccountId;
import io.sites.app.usecases.UsageOperations.Figures;
import io.sites.app.usecases.UsageOperations.Granularity;
import io.sites.app.usecases.UsageOperations.Period;
import io.sites.app.usecases.UsageOperations.Point;
import io.sites.app.usecases.UsageOperations.Ranked;
import io.sites.site.usage.Visitors;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Reads the usage tables the site replicas write (V2026_11_28_60): every figure is the sum over replica instances,
 * visitors the merge of their registers. Hours and days are numbers since the epoch (UTC), as the replicas key them.
 */
@Component
class UsageFigures {
    private static final long HOUR = 3600;
    private static final long DAY = 24 * HOUR;
    private static final String SUMS = "sum(requests), sum(bytes_sent), sum(status_2xx), sum(status_3xx),"
            + " sum(status_4xx), sum(status_5xx), sum(cache_hits)";

    private final JdbcTemplate jdbc;

    UsageFigures(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Every bucket of the period, those without traffic at zero, summed over the websites; by day, one website's
     * points carry its visitors (several websites' visitors are not one audience).
     */
    List<Point> series(List<String> websiteIds, Period period) {
        long unit = period.granularity() == Granularity.HOUR ? 1 : 24;
        Map<Long, Figures> byBucket = new HashMap<>();
        if (!websiteIds.isEmpty()) {
            jdbc.query("select hour_number / " + unit + " as bucket, " + SUMS + " from usage_hour where website_id in ("
                    + marks(websiteIds) + ") and hour_number >= ? and hour_number < ? group by hour_number / " + unit,
                    rs -> {
                        byBucket.put(rs.getLong(1), new Figures(rs.getLong(2), rs.getLong(3), rs.getLong(4),
                                rs.getLong(5), rs.getLong(6), rs.getLong(7), rs.getLong(8)));
                    }, args(websiteIds, hours(period.from()), hours(period.to())));
        }
        boolean withVisitors = unit == 24 && websiteIds.size() == 1;
        Map<Long, Long> visitors = withVisitors ? visitorsByDay(websiteIds.getFirst(), period) : Map.of();
        List<Point> series = new ArrayList<>();
        long seconds = unit * HOUR;
        for (long bucket = period.from().getEpochSecond() / seconds; bucket < period.to().getEpochSecond() / seconds;
                bucket++) {
            series.add(new Point(Instant.ofEpochSecond(bucket * seconds), byBucket.getOrDefault(bucket,
                    Figures.NONE), withVisitors ? visitors.getOrDefault(bucket, 0L) : null));
        }
        return series;
    }

    /** The days' unique visitors summed (a visitor of two days counts twice: there is no identity across days). */
    long visitors(String websiteId, Period period) {
        return visitorsByDay(websiteId, period).values().stream().mapToLong(Long::longValue).sum();
    }

    private Map<Long, Long> visitorsByDay(String websiteId, Period period) {
        Map<Long, List<String>> registers = new HashMap<>();
        jdbc.query("select day_number, visitors from usage_day where website_id = ? and day_number >= ?"
                + " and day_number < ?", rs -> {
                    registers.computeIfAbsent(rs.getLong(1), day -> new ArrayList<>()).add(rs.getString(2));
                }, websiteId, firstDay(period), lastDay(period));
        Map<Long, Long> estimates = new HashMap<>();
        registers.forEach((day, each) -> estimates.put(day, Visitors.estimate(each)));
        return estimates;
    }

    List<Ranked> topPaths(String websiteId, Period period) {
        return ranked("usage_path", "path", websiteId, period, 50);
    }

    List<Ranked> referrers(String websiteId, Period period) {
        return ranked("usage_referrer", "host", websiteId, period, 20);
    }

    /** The days the period touches: a day's sketch cannot be split by hour. */
    private List<Ranked> ranked(String table, String column, String websiteId, Period period, int limit) {
        return jdbc.query("select " + column + ", sum(requests) as total from " + table + " where website_id = ?"
                + " and day_number >= ? and day_number < ? group by " + column + " order by total desc, " + column
                + " fetch first " + limit + " rows only", (rs, row) -> new Ranked(rs.getString(1), rs.getLong(2)),
                websiteId, firstDay(period), lastDay(period));
    }

    /** Each website's totals over the period; websites without traffic are absent. */
    Map<String, Figures> totals(List<String> websiteIds, Period period) {
        if (websiteIds.isEmpty()) {
            return Map.of();
        }
        Map<String, Figures> totals = new HashMap<>();
        jdbc.query("select website_id, " + SUMS + " from usage_hour where website_id in (" + marks(websiteIds)
                + ") and hour_number >= ? and hour_number < ? group by website_id", rs -> {
                    totals.put(rs.getString(1), new Figures(rs.getLong(2), rs.getLong(3), rs.getLong(4),
                            rs.getLong(5), rs.getLong(6), rs.getLong(7), rs.getLong(8)));
                }, args(websiteIds, hours(period.from()), hours(period.to())));
        return totals;
    }

    /**
     * The bytes of the distinct blobs the account's counted versions reference (not pruned, website not deleted),
     * each blob once: the figure the storage quota is checked against, kept by the read model as a running total.
     */
    long storageBytes(AccountId owner) {
        Long bytes = jdbc.query("select stored_bytes from qs_owner_count where owner_id = ?",
                rs -> rs.next() ? rs.getLong(1) : 0L, owner.value());
        return bytes == null ? 0 : bytes;
    }

    /** The account's thresholds told this month, lowest first (quota_notice, written by QuotaWatch). */
    List<Integer> notices(String accountId, int month) {
        return jdbc.queryForList("select threshold from quota_notice where account_id = ? and month_number = ?"
                + " order by threshold", Integer.class, accountId, month);
    }

    /** Until when the account's websites are paused (site_limit, what every site replica enforces), or null. */
    Instant pausedUntil(String accountId, Instant now) {
        Timestamp until = jdbc.queryForObject("select max(paused_until) from site_limit where account_id = ?"
                + " and paused_until > ?", Timestamp.class, accountId, Timestamp.from(now));
        return until == null ? null : until.toInstant();
    }

    private static String marks(List<String> values) {
        return String.join(", ", Collections.nCopies(values.size(), "?"));
    }

    private static Object[] args(List<String> values, Object... more) {
        List<Object> all = new ArrayList<>(values);
        Collections.addAll(all, more);
        return all.toArray();
    }

    private static long hours(Instant at) {
        return Math.floorDiv(at.getEpochSecond(), HOUR);
    }

    private static long firstDay(Period period) {
        return Math.floorDiv(period.from().getEpochSecond(), DAY);
    }

    private static long lastDay(Period period) {
        return Math.floorDiv(period.to().getEpochSecond() + DAY - 1, DAY);
    }
}
