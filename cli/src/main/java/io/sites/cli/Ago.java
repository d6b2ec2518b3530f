package io.sites.cli;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/**
 * Times relative to now, as a person reads a listing ("just now", "3 minutes ago", "2 days ago"); older than a month,
 * the date itself. The exact time stays in {@code --json} and in the {@code -l} views.
 */
final class Ago {
    private static final long MINUTE = 60;
    private static final long HOUR = 60 * MINUTE;
    private static final long DAY = 24 * HOUR;
    private static final long MONTH = 30 * DAY;

    private Ago() {
    }

    /** An ISO-8601 instant as the API writes it; text that is not one is shown as it is, none as "". */
    static String of(String instant, Instant now) {
        if (instant == null || instant.isEmpty()) {
            return "";
        }
        try {
            return of(Instant.parse(instant), now);
        } catch (DateTimeParseException notAnInstant) {
            return instant;
        }
    }

    static String of(Instant then, Instant now) {
        long seconds = Duration.between(then, now).getSeconds();
        // Clocks disagree by a few seconds; a little in the future is now.
        if (Math.abs(seconds) < 10) {
            return "just now";
        }
        if (seconds < 0) {
            return "in " + span(-seconds);
        }
        if (seconds >= MONTH) {
            return "on " + then.atZone(ZoneOffset.UTC).toLocalDate();
        }
        return span(seconds) + " ago";
    }

    private static String span(long seconds) {
        if (seconds < MINUTE) {
            return Counts.of(seconds, "second");
        }
        if (seconds < HOUR) {
            return Counts.of(seconds / MINUTE, "minute");
        }
        if (seconds < DAY) {
            return Counts.of(seconds / HOUR, "hour");
        }
        return Counts.of(seconds / DAY, "day");
    }
}
