package io.sites.site.serving;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.site.ManifestEntry;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The compiled rules cache: nothing is read or compiled where blocking is not allowed, requests that arrive while
 * a version's rules compile wait for that one compile, and the cache stays within its bytes.
 */
class SiteRulesCacheTest {

    @Test
    void aMissWhereBlockingIsNotAllowedCompilesNothing() throws Exception {
        SiteFilesTest.CountingStore store = new SiteFilesTest.CountingStore();
        ManifestEntry redirects = put(store, "/a /b 302\n", 'a');
        SiteFiles files = new SiteFiles(store, 1 << 20, 1 << 20);
        files.bytes(redirects); // in memory: an event loop could read it, and still must not compile it
        SiteRules.Cache cache = new SiteRules.Cache(files, 1 << 20);
        assertThat(cache.of(redirects, null, false)).isNull();
        assertThat(cache.bytes()).isZero();
        SiteRules compiled = cache.of(redirects, null, true);
        assertThat(compiled.redirects.match("/a").target()).isEqualTo("/b");
        assertThat(cache.of(redirects, null, false)).as("compiled, then answered anywhere").isSameAs(compiled);
    }

    @Test
    void requestsWaitingForOneVersionShareOneCompile() throws Exception {
        CountDownLatch opened = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        SiteFilesTest.CountingStore store = new SiteFilesTest.CountingStore() {
            @Override
            public Optional<InputStream> open(String sha256) {
                opened.countDown();
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return super.open(sha256);
            }
        };
        ManifestEntry redirects = put(store, "/a/* /b/:splat 302\n", 'b');
        SiteRules.Cache cache = new SiteRules.Cache(new SiteFiles(store, 1 << 20, 1 << 20), 1 << 20);
        List<Future<SiteRules>> waiting = new ArrayList<>();
        try (ExecutorService requests = Executors.newVirtualThreadPerTaskExecutor()) {
            waiting.add(requests.submit(() -> cache.of(redirects, null, true)));
            assertThat(opened.await(10, TimeUnit.SECONDS)).isTrue();
            for (int i = 0; i < 7; i++) {
                waiting.add(requests.submit(() -> cache.of(redirects, null, true)));
            }
            Thread.sleep(100); // let them reach the cache while the first still reads
            release.countDown();
            SiteRules first = waiting.get(0).get();
            for (Future<SiteRules> other : waiting) {
                assertThat(other.get()).isSameAs(first);
            }
        }
        assertThat(store.opens).as("the file read once").hasValue(1);
    }

    @Test
    void theCacheStaysWithinItsBytes() throws Exception {
        SiteFilesTest.CountingStore store = new SiteFilesTest.CountingStore();
        SiteFiles files = new SiteFiles(store, 1 << 20, 1 << 20);
        long budget = 64 * 1024;
        SiteRules.Cache cache = new SiteRules.Cache(files, budget);
        StringBuilder rules = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            rules.append("/p").append(i).append(" /q").append(i).append(" 302\n");
        }
        ManifestEntry last = null;
        for (char c = 'c'; c <= 'z'; c++) {
            last = put(store, rules + "/" + c + " /end 302\n", c);
            cache.of(last, null, true);
            assertThat(cache.bytes()).isLessThanOrEqualTo(budget);
        }
        assertThat(cache.bytes()).isPositive();
        assertThat(cache.of(last, null, false)).as("the latest stays").isNotNull();
    }

    private static ManifestEntry put(SiteFilesTest.CountingStore store, String text, char hash) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        String sha = String.valueOf(hash).repeat(64);
        store.blobs.put(sha, bytes);
        return new ManifestEntry("_redirects", "text/plain", bytes.length, sha);
    }
}
