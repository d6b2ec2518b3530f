package io.sites.app.usecases;

import io.sites.app.usecases.AccountQuotas.Quota;
import io.sites.api.command.NoteBandwidthCommand;
import io.sites.api.id.WebsiteId;
import io.sites.replica.RepeatedWork;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Decides, from the database alone, what every site replica enforces (issue 35 items 3 and 4). Every
 * {@code sites.quota.check} it sums each account's bytes sent this month (UTC) over the usage rows all replicas
 * wrote, tells the owner at 50, 75 and 100 % of its bandwidth quota once each (a row per account, month and
 * threshold in {@code quota_notice}: the insert that wins tells, a replica that loses the race on the key does not;
 * telling is a BandwidthNoticed in each of the account's websites' histories),
 * and writes {@code site_limit}: every website of an account at 100 % paused until the next month, every website of
 * an account with its own request ceiling carrying it. Every api replica runs it; the rows converge whoever writes
 * them, and a raised quota or a new month lifts the pause at the next round.
 */
@Component
public class QuotaWatch implements SmartLifecycle {
    private static final Logger log = LoggerFactory.getLogger(QuotaWatch.class);
    /** The percentages of the month's bandwidth the owner is told of. */
    public static final List<Integer> THRESHOLDS = List.of(50, 75, 100);

    /** A notice still untold after this long was left half way by its replica: any replica tells it again. */
    private static final Duration UNTOLD = Duration.ofSeconds(30);

    private final JdbcTemplate jdbc;
    private final AccountQuotas quotas;
    private final Clock clock;
    private final CommandGateway commands;
    private final RepeatedWork work;

    QuotaWatch(JdbcTemplate jdbc, AccountQuotas quotas, Clock clock, QuotaDefaults defaults,
            CommandGateway commands) {
        this.commands = commands;
        this.jdbc = jdbc;
        this.quotas = quotas;
        this.clock = clock;
        this.work = new RepeatedWork("quota-watch", defaults.check(), this::round);
    }

    /** Months since 1970-01 (UTC), as quota_notice keys them. */
    static int monthNumber(YearMonth month) {
        return (month.getYear() - 1970) * 12 + month.getMonthValue() - 1;
    }

    static YearMonth month(Instant at) {
        return YearMonth.from(at.atZone(ZoneOffset.UTC));
    }

    static Instant start(YearMonth month) {
        return month.atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    /** One round; the number of notices this round inserted. */
    public synchronized int check() {
        Instant now = clock.instant();
        YearMonth month = month(now);
        int monthNumber = monthNumber(month);
        Timestamp until = Timestamp.from(start(month.plusMonths(1)));
        Map<String, Long> sent = new HashMap<>();
        jdbc.query("select w.owner_id, sum(u.bytes_sent) from usage_hour u join qs_website w on w.id = u.website_id"
                + " where u.hour_number >= ? group by w.owner_id", rs -> {
                    sent.put(rs.getString(1), rs.getLong(2));
                }, start(month).getEpochSecond() / 3600);
        Map<String, Quota> own = quotas.own();
        Set<String> told = new HashSet<>();
        jdbc.query("select account_id, threshold from quota_notice where month_number = ?",
                rs -> {
                    told.add(rs.getString(1) + " " + rs.getInt(2));
                }, monthNumber);
        int notices = 0;
        Set<String> paused = new HashSet<>();
        for (Map.Entry<String, Long> account : sent.entrySet()) {
            long quota = own.getOrDefault(account.getKey(), quotas.defaults()).bandwidthMonth();
            for (int threshold : THRESHOLDS) {
                if (account.getValue() * 100 >= quota * threshold
                        && !told.contains(account.getKey() + " " + threshold)
                        && notice(account.getKey(), monthNumber, threshold, account.getValue(), quota, now)) {
                    notices++;
                    tell(account.getKey(), month, monthNumber, threshold, account.getValue(), quota);
                }
            }
            if (account.getValue() >= quota) {
                paused.add(account.getKey());
            }
        }
        Map<String, Integer> ceilings = new HashMap<>();
        own.forEach((account, quota) -> {
            if (quota.ownRequestsSecond()) {
                ceilings.put(account, quota.requestsSecond());
            }
        });
        limits(paused, ceilings, until, now);
        jdbc.query("select account_id, threshold, bytes_sent, quota_bytes from quota_notice where month_number = ?"
                + " and told = false and noticed_at < ?", (rs, row) -> new Object[] {rs.getString(1), rs.getInt(2),
                        rs.getLong(3), rs.getLong(4)}, monthNumber, Timestamp.from(now.minus(UNTOLD)))
                .forEach(untold -> tell((String) untold[0], month, monthNumber, (Integer) untold[1],
                        (Long) untold[2], (Long) untold[3]));
        return notices;
    }

    /**
     * Records the notice in the history of each of the account's websites (BandwidthNoticed; the aggregate records
     * each month's threshold once, so telling twice is harmless), then marks it told.
     */
    private void tell(String account, YearMonth month, int monthNumber, int threshold, long sent, long quota) {
        List<String> websites = jdbc.queryForList("select id from qs_website w where owner_id = ?" + QuotaStorage.LIVE,
                String.class, account);
        try {
            for (String website : websites) {
                commands.sendAndWait(new NoteBandwidthCommand(new WebsiteId(website), month.toString(), threshold,
                        sent, quota));
            }
        } catch (RuntimeException notNow) {
            // A publish raced on the same website, or the database is away: told again by a later round.
            log.info("Notice of {} % for account {} not recorded yet: {}", threshold, account, notNow.getMessage());
            return;
        }
        jdbc.update("update quota_notice set told = true where account_id = ? and month_number = ? and threshold = ?",
                account, monthNumber, threshold);
    }

    /** Inserts the notice; false when another replica inserted it first (it told). */
    private boolean notice(String account, int month, int threshold, long sent, long quota, Instant now) {
        try {
            jdbc.update("insert into quota_notice (account_id, month_number, threshold, bytes_sent, quota_bytes,"
                    + " noticed_at) values (?, ?, ?, ?, ?, ?)", account, month, threshold, sent, quota,
                    Timestamp.from(now));
        } catch (DuplicateKeyException told) {
            return false;
        }
        log.info("Account {} sent {} bytes this month, {} % of its quota of {} bytes{}", account, sent, threshold,
                quota, threshold >= 100 ? "; its websites are paused until next month" : "");
        return true;
    }

    /** A website's row as it should be: its account, paused until (or null), its own ceiling (or null). */
    private record Row(String account, Timestamp pausedUntil, Integer requestsSecond) {
    }

    private void limits(Set<String> paused, Map<String, Integer> ceilings, Timestamp until, Instant now) {
        Set<String> accounts = new HashSet<>(paused);
        accounts.addAll(ceilings.keySet());
        Map<String, Row> wanted = new HashMap<>();
        List<String> ids = List.copyOf(accounts);
        for (int from = 0; from < ids.size(); from += 500) {
            List<String> chunk = ids.subList(from, Math.min(ids.size(), from + 500));
            jdbc.query("select id, owner_id from qs_website w where owner_id in ("
                    + String.join(", ", Collections.nCopies(chunk.size(), "?")) + ")" + QuotaStorage.LIVE, rs -> {
                        String owner = rs.getString(2);
                        wanted.put(rs.getString(1), new Row(owner, paused.contains(owner) ? until : null,
                                ceilings.get(owner)));
                    }, chunk.toArray());
        }
        Map<String, Row> present = new HashMap<>();
        jdbc.query("select website_id, account_id, paused_until, requests_second from site_limit", rs -> {
            present.put(rs.getString(1), new Row(rs.getString(2), rs.getTimestamp(3),
                    rs.getObject(4, Integer.class)));
        });
        Timestamp at = Timestamp.from(now);
        wanted.forEach((website, row) -> {
            Row was = present.get(website);
            if (was != null && Objects.equals(was, row)) {
                return;
            }
            if (was == null || jdbc.update("update site_limit set account_id = ?, paused_until = ?, requests_second"
                    + " = ?, changed_at = ? where website_id = ?", row.account, row.pausedUntil, row.requestsSecond,
                    at, website) == 0) {
                try {
                    jdbc.update("insert into site_limit (website_id, account_id, paused_until, requests_second,"
                            + " changed_at) values (?, ?, ?, ?, ?)", website, row.account, row.pausedUntil,
                            row.requestsSecond, at);
                } catch (DuplicateKeyException raced) {
                    // Another api replica wrote the same row in this very round: the next round compares again.
                }
            }
        });
        present.keySet().stream().filter(website -> !wanted.containsKey(website)).forEach(website ->
                jdbc.update("delete from site_limit where website_id = ?", website));
    }

    private void round() {
        try {
            check();
        } catch (RuntimeException failed) {
            // The database away: the replicas keep the state they read last; the next round decides again.
            log.info("Quota round skipped: {}", failed.getMessage());
        }
    }

    @Override
    public void start() {
        work.start();
    }

    @Override
    public void stop() {
        work.stop();
    }

    @Override
    public boolean isRunning() {
        return work.isRunning();
    }
}
