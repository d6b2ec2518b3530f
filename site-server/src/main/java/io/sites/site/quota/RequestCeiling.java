package io.sites.site.quota;

import io.sites.api.id.WebsiteId;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * A token bucket per website on this replica: a website may take {@code rate} requests a second, in bursts of two
 * seconds' worth. Only websites with traffic hold a bucket, and a bucket idle long enough to be full again is
 * dropped (a full bucket and no bucket admit alike), so a replica serving a million websites holds buckets only for
 * those visited in the last seconds, at most {@code maxBuckets}; past that bound a new website is admitted without
 * one rather than refused (a flood then meets the bound, not an innocent site). Taking a token allocates nothing.
 */
public final class RequestCeiling {
    /** Seconds of the ceiling a burst may use at once. */
    static final int BURST_SECONDS = 2;
    private static final long NANOS = 1_000_000_000L;

    private final ConcurrentHashMap<WebsiteId, Bucket> buckets = new ConcurrentHashMap<>();
    private final LongSupplier nanoClock;
    private final int maxBuckets;

    public RequestCeiling(LongSupplier nanoClock, int maxBuckets) {
        this.nanoClock = nanoClock;
        this.maxBuckets = maxBuckets;
    }

    /** Takes one token of the website's bucket; false when it has none (answer 429). A rate of 0 or less: no ceiling. */
    public boolean admit(WebsiteId website, int rate) {
        if (rate <= 0) {
            return true;
        }
        long now = nanoClock.getAsLong();
        Bucket bucket = buckets.get(website);
        if (bucket == null) {
            if (buckets.size() >= maxBuckets && sweep(now) == 0 && buckets.size() >= maxBuckets) {
                return true;
            }
            bucket = buckets.computeIfAbsent(website, key -> new Bucket(rate, now));
        }
        return bucket.take(rate, now);
    }

    /** Drops the buckets full again (idle for the burst); the number dropped. Run every few seconds, off the path. */
    public int sweep() {
        return sweep(nanoClock.getAsLong());
    }

    private int sweep(long now) {
        int before = buckets.size();
        buckets.values().removeIf(bucket -> bucket.idleSince(now) >= BURST_SECONDS * NANOS);
        return before - buckets.size();
    }

    /** How many websites hold a bucket now. */
    public int size() {
        return buckets.size();
    }

    /** Tokens in millionths, refilled by elapsed time at each take. */
    private static final class Bucket {
        private long micros;
        private long last;

        Bucket(int rate, long now) {
            this.micros = (long) rate * BURST_SECONDS * 1_000_000L;
            this.last = now;
        }

        synchronized boolean take(int rate, long now) {
            long capacity = (long) rate * BURST_SECONDS * 1_000_000L;
            long elapsed = now - last;
            if (elapsed > 0) {
                // Bounded before multiplying: an idle minute refills to capacity without overflow.
                long refill = elapsed >= BURST_SECONDS * NANOS ? capacity : elapsed / 1000 * rate;
                micros = Math.min(capacity, micros + refill);
                last = now;
            }
            if (micros < 1_000_000L) {
                return false;
            }
            micros -= 1_000_000L;
            return true;
        }

        synchronized long idleSince(long now) {
            return now - last;
        }
    }
}
