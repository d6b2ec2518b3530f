package io.sites.site.usage;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.id.WebsiteId;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The counters in memory: hours and days roll over by the clock, memory stays bounded, sketches and estimates hold. */
class SiteUsageTest {
    private static final long HOUR = 3_600_000L;
    private final AtomicLong now = new AtomicLong(1_764_288_000_000L); // 2025-11-28T00:00Z
    private final WebsiteId shop = WebsiteId.generate();
    private final WebsiteId blog = WebsiteId.generate();

    private void serve(SiteUsage usage, WebsiteId website, int status, long bytes, String path) {
        usage.served(website, status, bytes, path, "shop.example", null, 1, "agent");
    }

    @Test
    void eachHourKeepsItsOwnCountsUntilWritten() {
        SiteUsage usage = new SiteUsage(now::get, 10, 48);
        serve(usage, shop, 200, 100, "/");
        serve(usage, shop, 304, 0, "/");
        now.addAndGet(HOUR);
        serve(usage, shop, 404, 50, "/gone");
        serve(usage, shop, 503, 10, "/");

        List<SiteUsage.Hour> hours = usage.hours();
        assertThat(hours).hasSize(2);
        assertThat(hours.get(0).counts().get(shop).snapshot()).containsExactly(2, 100, 1, 1, 0, 0, 1);
        assertThat(hours.get(1).counts().get(shop).snapshot()).containsExactly(2, 60, 0, 0, 1, 1, 0);
        usage.written(hours.subList(0, 1), List.of());
        assertThat(usage.hours()).hasSize(1);
    }

    @Test
    void hoursThatCannotBeWrittenAreBoundedAndCounted() {
        SiteUsage usage = new SiteUsage(now::get, 10, 3);
        for (int i = 0; i < 6; i++) {
            serve(usage, shop, 200, 1, "/");
            now.addAndGet(HOUR);
        }
        assertThat(usage.hours()).hasSize(4); // three ended hours kept, and the current one
        assertThat(usage.dropped()).isEqualTo(3);
    }

    @Test
    void beyondTheCapWebsitesAreCountedWithoutSketches() {
        SiteUsage usage = new SiteUsage(now::get, 1, 48);
        serve(usage, shop, 200, 1, "/a");
        serve(usage, blog, 200, 1, "/b");
        assertThat(usage.days().getLast().sketches).containsOnlyKeys(shop);
        assertThat(usage.hours().getLast().counts()).containsKeys(shop, blog);
    }

    @Test
    void topPathsKeepTheFrequentOnesAndNotTheMisses() {
        SiteUsage usage = new SiteUsage(now::get, 10, 48);
        for (int i = 0; i < 500; i++) {
            serve(usage, shop, 200, 1, "/once-" + i);
            serve(usage, shop, 200, 1, "/");
            if (i % 2 == 0) {
                serve(usage, shop, 200, 1, "/about");
            }
            serve(usage, shop, 404, 1, "/wp-login.php");
        }
        List<java.util.Map.Entry<String, Long>> top = usage.days().getLast().sketches.get(shop).paths.top(2);
        assertThat(top).extracting(java.util.Map.Entry::getKey).containsExactly("/", "/about");
        assertThat(top.getFirst().getValue()).isGreaterThanOrEqualTo(500);
    }

    @Test
    void referrersAreHostsOnlyAndNeverTheSiteItself() {
        assertThat(DaySketch.referrerHost("https://News.Example.com/a/b?c=d#e", "shop.example"))
                .isEqualTo("news.example.com");
        assertThat(DaySketch.referrerHost("https://user:pw@blog.example.org:8443/x", "shop.example"))
                .isEqualTo("blog.example.org");
        assertThat(DaySketch.referrerHost("https://shop.example/about", "shop.example")).isNull();
        assertThat(DaySketch.referrerHost("not a url", "shop.example")).isNull();
        assertThat(DaySketch.referrerHost(null, "shop.example")).isNull();
    }

    @Test
    void visitorsAreEstimatedAndMergeAcrossReplicas() {
        Visitors first = new Visitors();
        Visitors second = new Visitors();
        for (int i = 0; i < 20_000; i++) {
            long hash = Visitors.hash(42, i, "agent");
            first.add(hash);
            if (i >= 10_000) {
                second.add(hash); // half of them also seen by the other replica
            }
        }
        assertThat(first.estimate()).isBetween(19_000L, 21_000L);
        assertThat(Visitors.estimate(List.of(first.encoded(), second.encoded()))).isBetween(19_000L, 21_000L);
        Visitors one = new Visitors();
        one.add(Visitors.hash(7, 1, "agent"));
        one.add(Visitors.hash(7, 1, "agent"));
        assertThat(one.estimate()).isEqualTo(1);
        assertThat(Visitors.hash(7, 1, "agent")).isNotEqualTo(Visitors.hash(8, 1, "agent"));
    }
}
