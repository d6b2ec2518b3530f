package io.sites.limits;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The table {@code rate_window (kind, subject, window_start, used)} that every limit counts in, so that each limit
 * holds across replicas and restarts; {@link #window} gives one kind of limit its window length and budget.
 */
@Component
public class RateWindows {
    /** The subject column's width; a longer subject is counted under its SHA-256 instead of cut short. */
    private static final int SUBJECT = 128;

    final JdbcTemplate jdbc;
    final TransactionTemplate ownTransaction;
    final Clock clock;
    /** Per kind, the window start this replica last cleared ended windows for: once per window is enough. */
    private final Map<String, Long> swept = new ConcurrentHashMap<>();

    public RateWindows(JdbcTemplate jdbc, PlatformTransactionManager transactions, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.ownTransaction = new TransactionTemplate(transactions);
        this.ownTransaction.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
    }

    /**
     * One kind of limit: {@code budget} per subject and fixed window of {@code length} (windows start at multiples
     * of the length since the epoch, so every replica agrees on them).
     *
     * @param kind one of our own names, at most 32 characters, never input
     */
    public RateWindow window(String kind, Duration length, int budget) {
        if (kind.length() > 32 || length.toSeconds() < 1) {
            throw new IllegalArgumentException("kind of at most 32 characters and a window of a second or more");
        }
        return new RateWindow(this, kind, length.toSeconds(), budget);
    }

    /**
     * Deletes the kind's rows of windows that ended before the previous one, at most once per window and replica,
     * in a transaction of its own after the count committed. The previous window is kept so that a replica whose
     * clock runs a little behind still finds its rows. Housekeeping only: if it fails (two replicas clearing the
     * same rows), the next window tries again.
     */
    void sweep(String kind, long windowStart, long seconds) {
        Long before = swept.put(kind, windowStart);
        if (before != null && before == windowStart) {
            return;
        }
        try {
            ownTransaction.executeWithoutResult(status -> jdbc.update(
                    "delete from rate_window where kind = ? and window_start < ?", kind, windowStart - seconds));
        } catch (DataAccessException contended) {
            swept.remove(kind, windowStart);
        }
    }

    static String subject(String subject) {
        String text = subject == null ? "" : subject;
        if (text.length() <= SUBJECT) {
            return text;
        }
        try {
            return "sha256:" + HexFormat.of().formatHex(
                    MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
