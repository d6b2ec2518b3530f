package io.sites.limits;

import java.time.Duration;
import java.util.Optional;
import org.springframework.dao.DuplicateKeyException;

/**
 * One kind of limit: a budget per subject and fixed window, counted in {@link RateWindows}' table. Each take runs
 * in its own transaction (a count must not roll back with the request that failed after it); when two requests open
 * a window at once, the loser of the insert retries against the winner's row instead of being refused.
 */
public final class RateWindow {
    private static final int ATTEMPTS = 5;

    /** Why a take was refused: what is left of the window's budget, and when the next window opens. */
    public record Refusal(int left, Duration retryAfter) {
    }

    private final RateWindows table;
    private final String kind;
    private final long seconds;
    private final int budget;

    RateWindow(RateWindows table, String kind, long seconds, int budget) {
        this.table = table;
        this.kind = kind;
        this.seconds = seconds;
        this.budget = budget;
    }

    public int budget() {
        return budget;
    }

    public Duration length() {
        return Duration.ofSeconds(seconds);
    }

    /** Takes {@code n} from the subject's current window, all or nothing; empty when taken. */
    public Optional<Refusal> take(String subject, int n) {
        if (n <= 0) {
            return Optional.empty();
        }
        String key = RateWindows.subject(subject);
        long now = table.clock.instant().getEpochSecond();
        long start = start(now);
        for (int attempt = 1; ; attempt++) {
            try {
                Counted counted = table.ownTransaction.execute(status -> count(key, start, n));
                if (counted.opened()) {
                    table.sweep(kind, start, seconds);
                }
                if (counted.left() < 0) {
                    return Optional.empty();
                }
                return Optional.of(new Refusal(counted.left(), Duration.ofSeconds(Math.max(1, start + seconds - now))));
            } catch (DuplicateKeyException raced) {
                if (attempt >= ATTEMPTS) {
                    throw raced;
                }
            }
        }
    }

    /** What the subject's current window has used, without taking anything. */
    public int used(String subject) {
        Integer used = row(RateWindows.subject(subject), start(table.clock.instant().getEpochSecond()));
        return used == null ? 0 : used;
    }

    /** Whether the subject's current window holds its whole budget: for limits that count failures after the fact. */
    public boolean spent(String subject) {
        return used(subject) >= budget;
    }

    /** Forgets what the subject has used (a success that forgives earlier failures). */
    public void forget(String subject) {
        table.ownTransaction.executeWithoutResult(status -> table.jdbc.update(
                "delete from rate_window where kind = ? and subject = ?", kind, RateWindows.subject(subject)));
    }

    private long start(long epochSecond) {
        return epochSecond - Math.floorMod(epochSecond, seconds);
    }

    /** {@code left} is negative when counted, else what the window has left; {@code opened}: this take inserted. */
    private record Counted(int left, boolean opened) {
    }

    private Counted count(String subject, long start, int n) {
        if (increment(subject, start, n)) {
            return new Counted(-1, false);
        }
        Integer used = row(subject, start);
        if (used != null) {
            // Under READ COMMITTED the row may have been committed by a concurrent request between the update and
            // this select: only a window without room refuses, otherwise count against the row now visible.
            if (used + n <= budget && increment(subject, start, n)) {
                return new Counted(-1, false);
            }
            return new Counted(Math.max(0, budget - used), false);
        }
        if (n > budget) {
            return new Counted(budget, false);
        }
        // A concurrent insert of the same window makes this one fail with a duplicate key: take() tries again.
        table.jdbc.update("insert into rate_window (kind, subject, window_start, used) values (?, ?, ?, ?)", kind,
                subject, start, n);
        return new Counted(-1, true);
    }

    /** The window's row, null when nobody has taken from it yet. */
    private Integer row(String subject, long start) {
        return table.jdbc.query("select used from rate_window where kind = ? and subject = ? and window_start = ?",
                rs -> rs.next() ? rs.getInt(1) : null, kind, subject, start);
    }

    private boolean increment(String subject, long start, int n) {
        return table.jdbc.update("update rate_window set used = used + ? where kind = ? and subject = ?"
                + " and window_start = ? and used + ? <= ?", n, kind, subject, start, n, budget) == 1;
    }
}
