package io.sites.site.quota;

import io.sites.api.id.WebsiteId;
import io.sites.replica.RepeatedWork;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The quota state this replica enforces, read from {@code site_limit} every {@code sites.quota.refresh} into an
 * immutable map that serving reads without a lock or a database call: which websites are paused until when, and
 * which have their account's own request ceiling. Every replica reads the same rows, so all pause the same websites
 * within a refresh of the decision. When the database does not answer, the last state read stays in force and the
 * replica keeps serving (availability before accounting); a pause still ends on its own at its month's end.
 */
public final class SiteLimits implements SmartLifecycle {
    private static final Logger log = LoggerFactory.getLogger(SiteLimits.class);

    /** A website's row: paused until (epoch millis, 0 when not paused), its Retry-After, its own ceiling (0: none). */
    record Limit(long pausedUntil, String retryAfter, int requestsSecond) {
    }

    private final JdbcTemplate jdbc;
    private final LongSupplier clock;
    private final int defaultRequestsSecond;
    private volatile Map<WebsiteId, Limit> limits = Map.of();
    private final RepeatedWork work;
    private boolean failing;
    private volatile boolean stopping;

    /** @param alongside run after each read, on the same thread (the request ceiling's sweep of idle buckets) */
    public SiteLimits(JdbcTemplate jdbc, LongSupplier clock, int defaultRequestsSecond, Duration every,
            Runnable alongside) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.defaultRequestsSecond = defaultRequestsSecond;
        this.work = new RepeatedWork("site-limits", every, () -> {
            refresh();
            alongside.run();
        });
    }

    /** The Retry-After (seconds) of a paused website's 503, or null when it is served. Allocates nothing. */
    public String pausedRetryAfter(WebsiteId website) {
        Limit limit = limits.get(website);
        return limit == null || limit.pausedUntil <= clock.getAsLong() ? null : limit.retryAfter;
    }

    /** The website's requests per second on this replica: its account's own, else the default. */
    public int requestsSecond(WebsiteId website) {
        Limit limit = limits.get(website);
        return limit == null || limit.requestsSecond <= 0 ? defaultRequestsSecond : limit.requestsSecond;
    }

    /** Reads site_limit again; false when the database did not answer (the state read last stays). */
    public boolean refresh() {
        Map<WebsiteId, Limit> read = new HashMap<>();
        long now = clock.getAsLong();
        try {
            jdbc.query("select website_id, paused_until, requests_second from site_limit", rs -> {
                Timestamp until = rs.getTimestamp(2);
                long pausedUntil = until == null ? 0 : until.getTime();
                long seconds = Math.max(1, (pausedUntil - now + 999) / 1000);
                read.put(new WebsiteId(rs.getString(1)), new Limit(pausedUntil, Long.toString(seconds),
                        rs.getInt(3)));
            });
        } catch (RuntimeException unreachable) {
            if (!failing && !stopping) { // a read cut short by the stop is no fault
                log.warn("Quota state not read; the state read last stays in force until the database answers",
                        unreachable);
            }
            failing = true;
            return false;
        }
        if (failing) {
            log.info("Quota state read again after the database came back");
        }
        failing = false;
        limits = Map.copyOf(read);
        return true;
    }

    @Override
    public void start() {
        refresh();
        work.start();
    }

    @Override
    public void stop() {
        stopping = true;
        work.stop();
    }

    @Override
    public boolean isRunning() {
        return work.isRunning();
    }
}
