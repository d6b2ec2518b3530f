package io.sites.site.serving;

import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the site server has answered since start, counted where the answer is written on either port: responses by
 * status, body bytes sent, and hits and misses of the file cache. Plain counters, so the Netty hot path allocates
 * nothing and looks nothing up by name; the app exposes them as metrics (io.sites.app.operations), and this module
 * needs no metrics library.
 */
public final class SiteTraffic {
    /** The statuses the site server answers, each counted on its own; any other counts as "other" (the last). */
    private static final int[] STATUSES = {200, 206, 301, 304, 400, 401, 404, 405, 410, 416, 429, 500, 503};
    /** The status tags, in the order of {@link Port#responses(int)}'s index: the statuses, then "other". */
    public static final List<String> STATUS_TAGS = statusTags();

    private final Port site = new Port();
    private final Port api = new Port();
    private final LongAdder cacheHits = new LongAdder();
    private final LongAdder cacheMisses = new LongAdder();

    private static List<String> statusTags() {
        String[] tags = new String[STATUSES.length + 1];
        for (int i = 0; i < STATUSES.length; i++) {
            tags[i] = Integer.toString(STATUSES[i]);
        }
        tags[STATUSES.length] = "other";
        return List.of(tags);
    }

    /** The Netty site port's counters. */
    public Port sitePort() {
        return site;
    }

    /** The API port's counters (site hosts answered by the servlet filter, SiteHostFilter). */
    public Port apiPort() {
        return api;
    }

    /** Files and variants found in the memory cache. */
    public long cacheHits() {
        return cacheHits.sum();
    }

    /** Files read from the blob store into the cache, and variants compressed into it. */
    public long cacheMisses() {
        return cacheMisses.sum();
    }

    void cacheHit() {
        cacheHits.increment();
    }

    void cacheMiss() {
        cacheMisses.increment();
    }

    /** One port's answers: a counter per status, fixed at start, and the body bytes written. */
    public static final class Port {
        private final LongAdder[] responses = new LongAdder[STATUSES.length + 1];
        private final LongAdder bodyBytes = new LongAdder();

        private Port() {
            for (int i = 0; i < responses.length; i++) {
                responses[i] = new LongAdder();
            }
        }

        /** Responses with the status of {@link #STATUS_TAGS} at this index. */
        public long responses(int index) {
            return responses[index].sum();
        }

        /** Body bytes written (heads not included), streamed files as far as they got. */
        public long bodyBytes() {
            return bodyBytes.sum();
        }

        public void answered(int status) {
            responses[index(status)].increment();
        }

        public void sent(long bytes) {
            if (bytes > 0) {
                bodyBytes.add(bytes);
            }
        }

        /** A scan of a dozen ints, the common 200 first: no lookup by string, no boxing per request. */
        private static int index(int status) {
            for (int i = 0; i < STATUSES.length; i++) {
                if (STATUSES[i] == status) {
                    return i;
                }
            }
            return STATUSES.length;
        }
    }
}
