package io.sites.app.webapp;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.springframework.stereotype.Component;

/**
 * How pages show an instant (to the minute, in UTC, the same everywhere: {@code ${@times.format(at)}}; relative to
 * now, "3 minutes ago", with the exact time beside it in a title: {@code ${@times.ago(at)}}) and a size
 * ({@code ${@times.bytes(n)}}, in the binary units the specification writes its limits in: "50 MB" is 52428800).
 */
@Component("times")
public class Times {
    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")
            .withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("d MMM yyyy", Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);

    private final Clock clock;

    public Times(Clock clock) {
        this.clock = clock;
    }

    public String format(Instant at) {
        return at == null ? "" : FORMAT.format(at);
    }

    /** "just now", "5 minutes ago", "yesterday", "3 days ago"; past a month the date ("4 Nov 2026"). */
    public String ago(Instant at) {
        if (at == null) {
            return "";
        }
        Duration since = Duration.between(at, clock.instant());
        if (since.isNegative() || since.toSeconds() < 60) {
            return since.isNegative() && since.abs().toMinutes() >= 1 ? "in " + count(since.abs().toMinutes(),
                    "minute") : "just now";
        }
        if (since.toMinutes() < 60) {
            return count(since.toMinutes(), "minute") + " ago";
        }
        if (since.toHours() < 24) {
            return count(since.toHours(), "hour") + " ago";
        }
        if (since.toDays() < 2) {
            return "yesterday";
        }
        return since.toDays() <= 30 ? since.toDays() + " days ago" : DAY.format(at);
    }

    /** The instant the other way round from a relative label: "in 3 days", "in 2 hours" (token expiries). */
    public String until(Instant at) {
        if (at == null) {
            return "";
        }
        Duration left = Duration.between(clock.instant(), at);
        if (left.isNegative()) {
            return ago(at);
        }
        if (left.toHours() < 1) {
            return "in " + count(Math.max(1, left.toMinutes()), "minute");
        }
        if (left.toDays() < 1) {
            return "in " + count(left.toHours(), "hour");
        }
        // Rounded to the nearest day: a token minted for 30 days reads "in 30 days", not 29.
        long days = (left.toHours() + 12) / 24;
        return days <= 60 ? "in " + count(days, "day") : "on " + DAY.format(at);
    }

    /** Whether {@code at} is within the next 24 hours (or past): a website's expiry the owner is warned of. */
    public boolean soon(Instant at) {
        return at != null && !at.isAfter(clock.instant().plus(Duration.ofHours(24)));
    }

    public String bytes(long bytes) {
        if (bytes < 1024) {
            return bytes + (bytes == 1 ? " byte" : " bytes");
        }
        double kb = bytes / 1024.0;
        return kb < 1024 ? String.format(Locale.ROOT, "%.1f KB", kb)
                : String.format(Locale.ROOT, "%.1f MB", kb / 1024.0);
    }

    private static String count(long n, String unit) {
        return n + " " + unit + (n == 1 ? "" : "s");
    }
}
