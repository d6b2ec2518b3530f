package io.sites.app;

/**
 * Rate limits count in fixed windows of a calendar minute (RateWindow): requests a test makes across the turn of a
 * minute fall into two windows, and a test of a limit would wrongly see none. Its requests start early in a minute.
 */
public final class RateWindowTiming {
    private RateWindowTiming() {
    }

    /** Returns at once when at least {@code neededMillis} are left of this minute, else just after it turns. */
    public static void awayFromAMinuteBoundary(long neededMillis) {
        long intoMinute = System.currentTimeMillis() % 60_000;
        if (intoMinute > 60_000 - neededMillis) {
            try {
                Thread.sleep(60_000 - intoMinute + 50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
