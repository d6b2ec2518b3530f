package io.sites.command.fetch;

import io.sites.api.AccountId;
import io.sites.command.publish.RateLimitedException;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * sourceUrl fetches per account and hour, counted in the database like {@code PublishRateLimit} so that every
 * replica shares the budget. A publish takes all of its fetches at once or none: a bundle is never half-fetched.
 */
@Component
class FetchRateLimit {
    private static final long WINDOW_SECONDS = 3600;
    private static final int ATTEMPTS = 5;

    private final JdbcTemplate jdbc;
    private final Clock clock;
    private final int perHour;
    private final TransactionTemplate transaction;

    FetchRateLimit(JdbcTemplate jdbc, Clock clock, PlatformTransactionManager transactions,
            @Value("${sites.limits.fetches-per-hour:200}") int perHour) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.perHour = perHour;
        this.transaction = new TransactionTemplate(transactions);
        this.transaction.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
    }

    void acquire(AccountId account, int fetches) {
        long now = clock.instant().getEpochSecond();
        long window = now / WINDOW_SECONDS;
        for (int attempt = 1; ; attempt++) {
            try {
                Integer left = transaction.execute(status -> count(account, window, fetches));
                if (left == null) {
                    return;
                }
                long retryAfter = Math.max(1, (window + 1) * WINDOW_SECONDS - now);
                throw new RateLimitedException("At most " + perHour + " sourceUrl fetches an hour per account; this "
                        + "publish needs " + fetches + " and " + left + " are left. Retry after " + retryAfter
                        + " seconds, or send the files inline or by upload slot; nothing was published.",
                        Duration.ofSeconds(retryAfter));
            } catch (DuplicateKeyException raced) {
                // Another request opened this window at the same moment; a fresh transaction counts against it.
                if (attempt >= ATTEMPTS) {
                    throw raced;
                }
            }
        }
    }

    /** @return null when counted, else how many fetches are left in the window */
    private Integer count(AccountId account, long window, int fetches) {
        if (increment(account, window, fetches)) {
            return null;
        }
        Integer used = jdbc.query("select used from fetch_rate where account_id = ? and window_start = ?",
                rs -> rs.next() ? rs.getInt(1) : null, account.value(), window);
        if (used != null) {
            // The row may have been committed by a concurrent request after the update looked (READ COMMITTED).
            if (used + fetches <= perHour && increment(account, window, fetches)) {
                return null;
            }
            return Math.max(0, perHour - used);
        }
        if (fetches > perHour) {
            return perHour;
        }
        jdbc.update("delete from fetch_rate where account_id = ? and window_start < ?", account.value(), window);
        jdbc.update("insert into fetch_rate (account_id, window_start, used) values (?, ?, ?)", account.value(),
                window, fetches);
        return null;
    }

    private boolean increment(AccountId account, long window, int fetches) {
        return jdbc.update("update fetch_rate set used = used + ? where account_id = ? and window_start = ?"
                + " and used + ? <= ?", fetches, account.value(), window, fetches, perHour) == 1;
    }
}
