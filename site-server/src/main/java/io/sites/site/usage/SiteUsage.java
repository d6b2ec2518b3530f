package io.sites.site.usage;

import io.sites.api.id.WebsiteId;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * This replica's usage in memory, until {@link UsageFlush} has written it: the counts of each website in the current
 * hour and the hours not yet written, the sketches of each website in the current day and the days not yet written.
 * What a request costs on the serving path: two map reads, a few striped increments, and when the sketch is free a
 * path, a referrer host and a visitor's hash: no allocation for a known path without a Referer. Bounded: at most
 * {@code maxSketches} websites have a day's sketches (the rest are counted without), and hours and days that cannot
 * be written are kept up to {@code keepHours} and then dropped, oldest first, counted in {@link #dropped()}.
 */
public final class SiteUsage {
    private static final long HOUR = 3_600_000L;
    private static final long DAY = 24 * HOUR;
    private static final SecureRandom SALTS = new SecureRandom();

    private final LongSupplier clock;
    private final int maxSketches;
    private final int keepHours;
    private final Function<WebsiteId, HourCounts> newCounts = unused -> new HourCounts();
    private volatile Hour hour;
    private volatile Day day;
    /** Hours and days over but not yet written, oldest first; guarded by this. */
    private final List<Hour> endedHours = new ArrayList<>();
    private final List<Day> endedDays = new ArrayList<>();
    private final LongAdder dropped = new LongAdder();

    /** One hour's counts by website. {@code number}: hours since the epoch (UTC). */
    record Hour(long number, ConcurrentHashMap<WebsiteId, HourCounts> counts) {
    }

    /** One day's sketches by website, and the day's salt (never written anywhere). */
    static final class Day {
        final long number;
        final long salt = SALTS.nextLong();
        final ConcurrentHashMap<WebsiteId, DaySketch> sketches = new ConcurrentHashMap<>();
        final AtomicInteger size = new AtomicInteger();
        final Function<WebsiteId, DaySketch> newSketch = unused -> {
            size.incrementAndGet();
            return new DaySketch();
        };

        Day(long number) {
            this.number = number;
        }
    }

    public SiteUsage(LongSupplier clock, int maxSketches, int keepHours) {
        this.clock = clock;
        this.maxSketches = maxSketches;
        this.keepHours = keepHours;
        long now = clock.getAsLong();
        this.hour = new Hour(now / HOUR, new ConcurrentHashMap<>());
        this.day = new Day(now / DAY);
    }

    /**
     * One answer of a website's: its status and the body bytes sent (0 for HEAD and 304). {@code path} as requested,
     * {@code host} the name it was asked under, {@code address} a hash of the client's address (never the address).
     */
    public void served(WebsiteId website, int status, long bytes, String path, String host, String referer,
            int address, String userAgent) {
        long now = clock.getAsLong();
        Hour current = hour;
        if (now >= (current.number + 1) * HOUR) {
            current = rollHour(now);
        }
        HourCounts counts = current.counts.get(website);
        if (counts == null) {
            counts = current.counts.computeIfAbsent(website, newCounts);
        }
        counts.count(status, bytes);
        Day today = day;
        if (now >= (today.number + 1) * DAY) {
            today = rollDay(now);
        }
        DaySketch sketch = today.sketches.get(website);
        if (sketch == null) {
            if (today.size.get() >= maxSketches) {
                return;
            }
            sketch = today.sketches.computeIfAbsent(website, today.newSketch);
        }
        if (status < 300 || status == 304) { // what was found: not a miss, a redirect or a refusal
            sketch.paths.offer(path);
        }
        String referrer = DaySketch.referrerHost(referer, host);
        if (referrer != null) {
            sketch.referrers.offer(referrer);
        }
        sketch.visitors.add(Visitors.hash(today.salt, address, userAgent));
    }

    private synchronized Hour rollHour(long now) {
        Hour current = hour;
        if (now >= (current.number + 1) * HOUR) {
            endedHours.add(current);
            while (endedHours.size() > keepHours) {
                endedHours.removeFirst();
                dropped.increment();
            }
            current = new Hour(now / HOUR, new ConcurrentHashMap<>());
            hour = current;
        }
        return current;
    }

    private synchronized Day rollDay(long now) {
        Day today = day;
        if (now >= (today.number + 1) * DAY) {
            endedDays.add(today);
            while (endedDays.size() > Math.max(1, keepHours / 24)) {
                endedDays.removeFirst();
                dropped.increment();
            }
            today = new Day(now / DAY);
            day = today;
        }
        return today;
    }

    /** The hours to write: those over and not written yet, then the current one (rolled first if it is over). */
    synchronized List<Hour> hours() {
        long now = clock.getAsLong();
        if (now >= (hour.number + 1) * HOUR) {
            rollHour(now);
        }
        List<Hour> all = new ArrayList<>(endedHours);
        all.add(hour);
        return all;
    }

    synchronized List<Day> days() {
        long now = clock.getAsLong();
        if (now >= (day.number + 1) * DAY) {
            rollDay(now);
        }
        List<Day> all = new ArrayList<>(endedDays);
        all.add(day);
        return all;
    }

    /** After a write: ended hours and days that were written leave memory (a day's salt with it). */
    synchronized void written(List<Hour> hours, List<Day> days) {
        endedHours.removeAll(hours);
        endedDays.removeAll(days);
    }

    /** Hours or days dropped unwritten because the database stayed away longer than memory may hold them. */
    public long dropped() {
        return dropped.sum();
    }
}
