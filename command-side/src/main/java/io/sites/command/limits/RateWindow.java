package io.sites.command.limits;

import io.sites.api.AccountId;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A budget per account and fixed time window, counted in a table {@code (account_id, window_start, used)} so
 * that every replica and every restart shares it. Each attempt runs in its own transaction; when two requests
 * open a window at once, the loser of the insert retries against the winner's row instead of being refused.
 */
final class RateWindow {
    private static final int ATTEMPTS = 5;

    /** Why a take was refused: what is left of the window's budget, and when the next window opens. */
    public record Refusal(int left, Duration retryAfter) {
    }

    private final JdbcTemplate jdbc;
    private final Clock clock;
    private final TransactionTemplate transaction;
    private final String table;
    private final long windowSeconds;
    private final int budget;

    /** @param table one of our own table names, never input: it is put into the SQL as it is */
    public RateWindow(JdbcTemplate jdbc, PlatformTransactionManager transactions, Clock clock, String table,
            Duration window, int budget) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.table = table;
        this.windowSeconds = window.toSeconds();
        this.budget = budget;
        this.transaction = new TransactionTemplate(transactions);
        this.transaction.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
    }

    public int budget() {
        return budget;
    }

    /** Takes {@code n} from the account's current window, all or nothing; empty when taken. */
    public Optional<Refusal> take(AccountId account, int n) {
        long now = clock.instant().getEpochSecond();
        long window = now / windowSeconds;
        for (int attempt = 1; ; attempt++) {
            try {
                Integer left = transaction.execute(status -> count(account, window, n));
                if (left == null) {
                    return Optional.empty();
                }
                long retryAfter = Math.max(1, (window + 1) * windowSeconds - now);
                return Optional.of(new Refusal(left, Duration.ofSeconds(retryAfter)));
            } catch (DuplicateKeyException raced) {
                if (attempt >= ATTEMPTS) {
                    throw raced;
                }
            }
        }
    }

    /** @return null when counted, else how much is left in the window */
    private Integer count(AccountId account, long window, int n) {
        if (increment(account, window, n)) {
            return null;
        }
        Integer used = jdbc.query("select used from " + table + " where account_id = ? and window_start = ?",
                rs -> rs.next() ? rs.getInt(1) : null, account.value(), window);
        if (used != null) {
            // Under READ COMMITTED the row may have been committed by a concurrent request between the update and
            // this select: only a window without room refuses, otherwise count against the row now visible.
            if (used + n <= budget && increment(account, window, n)) {
                return null;
            }
            return Math.max(0, budget - used);
        }
        if (n > budget) {
            return budget;
        }
        jdbc.update("delete from " + table + " where account_id = ? and window_start < ?", account.value(), window);
        jdbc.update("insert into " + table + " (account_id, window_start, used) values (?, ?, ?)", account.value(),
                window, n);
        return null;
    }

    private boolean increment(AccountId account, long window, int n) {
        return jdbc.update("update " + table + " set used = used + ? where account_id = ? and window_start = ?"
                + " and used + ? <= ?", n, account.value(), window, n, budget) == 1;
    }
}
