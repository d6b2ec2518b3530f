package io.sites.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Relative times in the words a person uses, singular where it is one. */
class AgoTest {
    private static final Instant NOW = Instant.parse("2026-11-27T12:00:00Z");

    @Test
    void relativeTimesWithTheirPlurals() {
        assertThat(Ago.of(NOW.minusSeconds(3), NOW)).isEqualTo("just now");
        assertThat(Ago.of(NOW.plusSeconds(5), NOW)).as("a clock a little ahead").isEqualTo("just now");
        assertThat(Ago.of(NOW.minusSeconds(45), NOW)).isEqualTo("45 seconds ago");
        assertThat(Ago.of(NOW.minusSeconds(60), NOW)).isEqualTo("1 minute ago");
        assertThat(Ago.of(NOW.minusSeconds(3 * 60 + 59), NOW)).isEqualTo("3 minutes ago");
        assertThat(Ago.of(NOW.minusSeconds(3600), NOW)).isEqualTo("1 hour ago");
        assertThat(Ago.of(NOW.minusSeconds(5 * 3600), NOW)).isEqualTo("5 hours ago");
        assertThat(Ago.of(NOW.minusSeconds(86400), NOW)).isEqualTo("1 day ago");
        assertThat(Ago.of(NOW.minusSeconds(29 * 86400), NOW)).isEqualTo("29 days ago");
        assertThat(Ago.of(NOW.minusSeconds(40 * 86400), NOW)).isEqualTo("on 2026-10-18");
        assertThat(Ago.of(NOW.plusSeconds(120), NOW)).isEqualTo("in 2 minutes");
    }

    @Test
    void theApisTextIsReadAndAnythingElseShownAsItIs() {
        assertThat(Ago.of("2026-11-27T11:58:00Z", NOW)).isEqualTo("2 minutes ago");
        assertThat(Ago.of("2026-11-27T11:57:59.123456Z", NOW)).isEqualTo("2 minutes ago");
        assertThat(Ago.of("yesterday-ish", NOW)).isEqualTo("yesterday-ish");
        assertThat(Ago.of("", NOW)).isEmpty();
        assertThat(Ago.of((String) null, NOW)).isEmpty();
    }

    @Test
    void countsAreSingularForOne() {
        assertThat(Counts.of(1, "file")).isEqualTo("1 file");
        assertThat(Counts.of(0, "file")).isEqualTo("0 files");
        assertThat(Counts.of(2, "version")).isEqualTo("2 versions");
        assertThat(Counts.of(1, "entry", "entries")).isEqualTo("1 entry");
        assertThat(Counts.of(3, "entry", "entries")).isEqualTo("3 entries");
    }
}
