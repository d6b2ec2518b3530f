package io.sites.site.usage;

import java.util.concurrent.atomic.LongAdder;

/**
 * One website's answers in one hour on this replica: striped counters (LongAdder), so event loops count without a
 * lock or an allocation. A cache hit is a 304: the visitor's cache (or a proxy's) already held the file and no body
 * was sent (docs/DECISIONS.md, "Usage").
 */
final class HourCounts {
    final LongAdder requests = new LongAdder();
    final LongAdder bytes = new LongAdder();
    final LongAdder status2xx = new LongAdder();
    final LongAdder status3xx = new LongAdder();
    final LongAdder status4xx = new LongAdder();
    final LongAdder status5xx = new LongAdder();
    final LongAdder cacheHits = new LongAdder();
    /** The requests figure last written, read and written by the flushing thread only: unchanged rows are skipped. */
    long flushedRequests = -1;

    void count(int status, long bodyBytes) {
        requests.increment();
        if (bodyBytes > 0) {
            bytes.add(bodyBytes);
        }
        switch (status / 100) {
            case 2 -> status2xx.increment();
            case 3 -> {
                status3xx.increment();
                if (status == 304) {
                    cacheHits.increment();
                }
            }
            case 4 -> status4xx.increment();
            case 5 -> status5xx.increment();
            default -> {
            }
        }
    }

    /** The figures at this moment, in the order of the usage_hour columns. */
    long[] snapshot() {
        return new long[] {requests.sum(), bytes.sum(), status2xx.sum(), status3xx.sum(), status4xx.sum(),
                status5xx.sum(), cacheHits.sum()};
    }
}
