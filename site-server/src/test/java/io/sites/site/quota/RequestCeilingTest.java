package io.sites.site.quota;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.id.WebsiteId;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The per-website token bucket: bursts of two seconds' worth, refilled by time, bounded, dropped when idle. */
class RequestCeilingTest {
    private static final long SECOND = 1_000_000_000L;
    private final AtomicLong now = new AtomicLong(42 * SECOND);

    @Test
    void aBurstOfTwoSecondsThenTheRate() {
        RequestCeiling ceiling = new RequestCeiling(now::get, 10);
        WebsiteId flooded = WebsiteId.generate();
        WebsiteId calm = WebsiteId.generate();
        int admitted = 0;
        for (int i = 0; i < 100; i++) {
            admitted += ceiling.admit(flooded, 5) ? 1 : 0;
        }
        assertThat(admitted).isEqualTo(10);
        assertThat(ceiling.admit(calm, 5)).as("another website has its own bucket").isTrue();
        now.addAndGet(SECOND / 5);
        assertThat(ceiling.admit(flooded, 5)).as("a fifth of a second at 5 a second: one token").isTrue();
        assertThat(ceiling.admit(flooded, 5)).isFalse();
        assertThat(ceiling.admit(flooded, 0)).as("no ceiling").isTrue();
    }

    @Test
    void onlyWebsitesWithRecentTrafficHoldABucketAndTheirNumberIsBounded() {
        RequestCeiling ceiling = new RequestCeiling(now::get, 3);
        for (int i = 0; i < 3; i++) {
            assertThat(ceiling.admit(WebsiteId.generate(), 1)).isTrue();
        }
        assertThat(ceiling.size()).isEqualTo(3);
        WebsiteId late = WebsiteId.generate();
        assertThat(ceiling.admit(late, 1)).as("past the bound: admitted without a bucket").isTrue();
        assertThat(ceiling.size()).isEqualTo(3);
        now.addAndGet(RequestCeiling.BURST_SECONDS * SECOND);
        assertThat(ceiling.sweep()).as("full again, so dropped").isEqualTo(3);
        assertThat(ceiling.admit(late, 1)).isTrue();
        assertThat(ceiling.size()).isEqualTo(1);
    }

    @Test
    void anIdleBucketIsDroppedWhenANewWebsiteNeedsRoom() {
        RequestCeiling ceiling = new RequestCeiling(now::get, 1);
        WebsiteId first = WebsiteId.generate();
        ceiling.admit(first, 1);
        now.addAndGet(10 * SECOND);
        WebsiteId second = WebsiteId.generate();
        ceiling.admit(second, 1);
        ceiling.admit(second, 1);
        assertThat(ceiling.admit(second, 1)).as("it got a bucket: the idle one made room").isFalse();
    }
}
