package io.sites.app.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** The relative times the pages show beside (and instead of) the exact UTC minute. */
class TimesTest {
    private static final Instant NOW = Instant.parse("2026-11-28T12:00:00Z");
    private final Times times = new Times(Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void pastInstantsReadAsAgo() {
        assertThat(times.ago(NOW.minusSeconds(20))).isEqualTo("just now");
        assertThat(times.ago(NOW.minus(Duration.ofMinutes(1)))).isEqualTo("1 minute ago");
        assertThat(times.ago(NOW.minus(Duration.ofMinutes(59)))).isEqualTo("59 minutes ago");
        assertThat(times.ago(NOW.minus(Duration.ofHours(1)))).isEqualTo("1 hour ago");
        assertThat(times.ago(NOW.minus(Duration.ofHours(30)))).isEqualTo("yesterday");
        assertThat(times.ago(NOW.minus(Duration.ofDays(12)))).isEqualTo("12 days ago");
        assertThat(times.ago(NOW.minus(Duration.ofDays(40)))).isEqualTo("19 Oct 2026");
        assertThat(times.ago(null)).isEmpty();
        assertThat(times.format(NOW)).isEqualTo("2026-11-28 12:00 UTC");
    }

    @Test
    void futureInstantsReadAsIn() {
        assertThat(times.until(NOW.plus(Duration.ofDays(30)))).isEqualTo("in 30 days");
        assertThat(times.until(NOW.plus(Duration.ofDays(30)).minusSeconds(5))).isEqualTo("in 30 days");
        assertThat(times.until(NOW.plus(Duration.ofHours(3)))).isEqualTo("in 3 hours");
        assertThat(times.until(NOW.plus(Duration.ofMinutes(1)))).isEqualTo("in 1 minute");
        assertThat(times.until(NOW.plus(Duration.ofDays(400)))).isEqualTo("on 2 Jan 2028");
        assertThat(times.until(NOW.minus(Duration.ofHours(2)))).isEqualTo("2 hours ago");
    }
}
