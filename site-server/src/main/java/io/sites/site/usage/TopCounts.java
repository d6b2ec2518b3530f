package io.sites.site.usage;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The most frequent keys of a stream in bounded memory (Metwally's space-saving): at most {@code capacity} keys, a
 * new key taking the place of the least counted one and inheriting its count, so every key that is truly among the
 * top is kept and its count is never under its true one. Counted from event loops: a request that finds the sketch
 * busy leaves it alone rather than wait (the totals still count it), so under contention the sketch samples.
 */
final class TopCounts {
    /** The longest key kept: a longer path is cut (a key of the database row, bounded). */
    static final int MAX_KEY = 512;

    private final int capacity;
    private final Map<String, long[]> counts = new HashMap<>();
    private final AtomicBoolean busy = new AtomicBoolean();
    /** Keys offered and taken, under the lock: the flush skips a sketch that has not changed. */
    private long taken;

    TopCounts(int capacity) {
        this.capacity = capacity;
    }

    void offer(String key) {
        if (key == null || !busy.compareAndSet(false, true)) {
            return;
        }
        try {
            taken++;
            long[] count = counts.get(key);
            if (count != null) {
                count[0]++;
            } else if (counts.size() < capacity) {
                counts.put(cut(key), new long[] {1});
            } else {
                evictInto(cut(key));
            }
        } finally {
            busy.set(false);
        }
    }

    private void evictInto(String key) {
        String least = null;
        long min = Long.MAX_VALUE;
        for (Map.Entry<String, long[]> entry : counts.entrySet()) {
            if (entry.getValue()[0] < min) {
                min = entry.getValue()[0];
                least = entry.getKey();
            }
        }
        long[] count = counts.remove(least);
        count[0] = min + 1;
        counts.put(key, count);
    }

    private static String cut(String key) {
        return key.length() <= MAX_KEY ? key : key.substring(0, MAX_KEY);
    }

    /** How many keys the sketch has taken: unchanged means nothing to write. */
    long taken() {
        spin();
        try {
            return taken;
        } finally {
            busy.set(false);
        }
    }

    /** The {@code limit} most counted keys, most first (ties by key, so every replica orders alike). */
    List<Map.Entry<String, Long>> top(int limit) {
        List<Map.Entry<String, Long>> all = new ArrayList<>();
        spin();
        try {
            counts.forEach((key, count) -> all.add(Map.entry(key, count[0])));
        } finally {
            busy.set(false);
        }
        all.sort(Comparator.<Map.Entry<String, Long>>comparingLong(Map.Entry::getValue).reversed()
                .thenComparing(Map.Entry::getKey));
        return all.size() <= limit ? all : List.copyOf(all.subList(0, limit));
    }

    /** The flushing thread waits its turn: it is never an event loop. */
    private void spin() {
        while (!busy.compareAndSet(false, true)) {
            Thread.onSpinWait();
        }
    }
}
