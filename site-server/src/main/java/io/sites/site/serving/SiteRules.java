package io.sites.site.serving;

import io.sites.api.site.ManifestEntry;
import io.sites.api.site.rules.HeaderRules;
import io.sites.api.site.rules.RedirectRules;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A version's {@code _redirects} and {@code _headers}, compiled once per pair of blobs (they never change) by the
 * parser publish checked them with, so a served file always parses without violations. Either may be null.
 */
final class SiteRules {
    static final String REDIRECTS = RedirectRules.FILE;
    static final String HEADERS = HeaderRules.FILE;
    private static final Logger log = LoggerFactory.getLogger(SiteRules.class);
    /** What a compiled file weighs, estimated: its text as Java strings, split into rules and tree nodes. */
    private static final int BYTES_PER_CHAR = 12;
    private static final int BYTES_PER_ENTRY = 1_024;

    final RedirectRules redirects;
    final HeaderRules headers;

    private SiteRules(RedirectRules redirects, HeaderRules headers) {
        this.redirects = redirects;
        this.headers = headers;
    }

    /**
     * The compiled rules of the versions this replica served lately, by the digests of their two files, within a
     * budget of bytes: the least recently used go first. A miss is never compiled on an event loop (the caller asks
     * again from a thread that may block), and each pair is compiled once however many requests wait for it.
     */
    static final class Cache {
        private record Entry(SiteRules rules, long bytes, AtomicLong used) {
        }

        private final Map<String, Entry> compiled = new ConcurrentHashMap<>();
        private final Map<String, CompletableFuture<SiteRules>> compiling = new ConcurrentHashMap<>();
        private final AtomicLong clock = new AtomicLong();
        private final AtomicLong bytes = new AtomicLong();
        private final SiteFiles files;
        private final long budget;

        Cache(SiteFiles files, long budget) {
            this.files = files;
            this.budget = budget;
        }

        /** The version's rules; null when they are not compiled yet and {@code mayBlock} is false. */
        SiteRules of(ManifestEntry redirects, ManifestEntry headers, boolean mayBlock) throws IOException {
            String key = (redirects == null ? "" : redirects.sha256()) + "/"
                    + (headers == null ? "" : headers.sha256());
            Entry entry = compiled.get(key);
            if (entry != null) {
                entry.used().set(clock.incrementAndGet());
                return entry.rules();
            }
            if (!mayBlock) {
                return null; // reading and compiling a thousand rules is no work for an event loop
            }
            CompletableFuture<SiteRules> mine = new CompletableFuture<>();
            CompletableFuture<SiteRules> running = compiling.putIfAbsent(key, mine);
            if (running != null) {
                return await(running);
            }
            try {
                SiteRules rules = compile(key, redirects, headers);
                mine.complete(rules);
                return rules;
            } catch (IOException | RuntimeException | Error failed) {
                mine.completeExceptionally(failed);
                throw failed;
            } finally {
                compiling.remove(key, mine);
            }
        }

        private SiteRules compile(String key, ManifestEntry redirects, ManifestEntry headers) throws IOException {
            String redirectsText = text(redirects);
            String headersText = text(headers);
            long started = System.nanoTime();
            SiteRules rules = new SiteRules(redirectsText == null ? null : RedirectRules.parse(redirectsText),
                    headersText == null ? null : HeaderRules.parse(headersText));
            if (log.isDebugEnabled()) { // bench/rules reads these lines, SiteRulesStallTest their thread
                log.debug("Site rules compiled: key={} ms={} thread={}", key, String.format(Locale.ROOT, "%.2f",
                        (System.nanoTime() - started) / 1e6), thread());
            }
            long weight = BYTES_PER_ENTRY + BYTES_PER_CHAR * ((long) length(redirectsText) + length(headersText));
            if (weight <= budget) {
                compiled.put(key, new Entry(rules, weight, new AtomicLong(clock.incrementAndGet())));
                if (bytes.addAndGet(weight) > budget) {
                    evict();
                }
            }
            return rules;
        }

        /** Down to nine tenths of the budget, least recently used first: a sort now and then, not per request. */
        private synchronized void evict() {
            if (bytes.get() <= budget) {
                return;
            }
            List<Map.Entry<String, Entry>> entries = new ArrayList<>(compiled.entrySet());
            entries.sort(Comparator.comparingLong(e -> e.getValue().used().get()));
            for (Map.Entry<String, Entry> oldest : entries) {
                if (bytes.get() <= budget / 10 * 9) {
                    break;
                }
                if (compiled.remove(oldest.getKey(), oldest.getValue())) {
                    bytes.addAndGet(-oldest.getValue().bytes());
                }
            }
        }

        /** Bytes held, as estimated: for the tests of the bound. */
        long bytes() {
            return bytes.get();
        }

        private static SiteRules await(CompletableFuture<SiteRules> running) throws IOException {
            try {
                return running.get();
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while the site rules compiled");
            } catch (ExecutionException failed) {
                if (failed.getCause() instanceof IOException io) {
                    throw io;
                }
                if (failed.getCause() instanceof RuntimeException runtime) {
                    throw runtime;
                }
                throw new IOException("the site rules could not be compiled", failed.getCause());
            }
        }

        private String text(ManifestEntry file) throws IOException {
            if (file == null) {
                return null;
            }
            if (!files.cacheable(file)) {
                try (var in = files.open(file)) {
                    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
            }
            ByteBuffer bytes = files.bytes(file);
            byte[] copy = new byte[bytes.remaining()];
            bytes.duplicate().get(copy);
            return new String(copy, StandardCharsets.UTF_8);
        }

        private static int length(String text) {
            return text == null ? 0 : text.length();
        }
    }

    /** The compiling thread, for the log: a virtual thread has no name of its own. */
    private static String thread() {
        Thread current = Thread.currentThread();
        return current.isVirtual() ? "virtual" : current.getName();
    }

    /** The extra headers for a request path, or null when there are none. */
    List<String> headersFor(String path) {
        if (headers == null) {
            return null;
        }
        List<String> pairs = headers.headersFor(path);
        return pairs.isEmpty() ? null : pairs;
    }
}
