package io.sites.command.publish;

import io.sites.api.AccountId;
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
 * Accepted publishes per account and minute, counted in the database so that the limit holds across replicas and
 * restarts. Only bundles that passed validation count: an agent repairing its bundle is not punished for it.
 */
@Component
public class PublishRateLimit {
    private static final long WINDOW_SECONDS = 60;
    private static final int ATTEMPTS = 5;

    private final JdbcTemplate jdbc;
    private final Clock clock;
    private final int perMinute;
    private final TransactionTemplate transaction;

    PublishRateLimit(JdbcTemplate jdbc, Clock clock, PlatformTransactionManager transactions,
            @Value("${sites.limits.publishes-per-minute:60}") int perMinute) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.perMinute = perMinute;
        this.transaction = new TransactionTemplate(transactions);
        this.transaction.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
    }

    /** Counts one publish, or refuses it when the window's budget is spent. */
    public void acquire(AccountId account) {
        long now = clock.instant().getEpochSecond();
        long window = now / WINDOW_SECONDS;
        for (int attempt = 1; ; attempt++) {
            try {
                Boolean counted = transaction.execute(status -> count(account, window));
                if (Boolean.TRUE.equals(counted)) {
                    return;
                }
                long retryAfter = (window + 1) * WINDOW_SECONDS - now;
                throw new RateLimitedException(perMinute, Duration.ofSeconds(Math.max(1, retryAfter)));
            } catch (DuplicateKeyException raced) {
                // Another request opened this window at the same moment. Its row is committed (or locked) by
                // now; a fresh transaction counts against it.
                if (attempt >= ATTEMPTS) {
                    throw raced;
                }
            }
        }
    }

    private boolean count(AccountId account, long window) {
        if (increment(account, window)) {
            return true;
        }
        Integer used = jdbc.query("select used from publish_rate where account_id = ? and window_start = ?",
                rs -> rs.next() ? rs.getInt(1) : null, account.value(), window);
        if (used != null) {
            // Under READ COMMITTED the row may have been committed by a concurrent request between the update and
            // this select: only a full window refuses, otherwise count against the row now visible.
            return used < perMinute && increment(account, window);
        }
        jdbc.update("delete from publish_rate where account_id = ? and window_start < ?", account.value(), window);
        jdbc.update("insert into publish_rate (account_id, window_start, used) values (?, ?, 1)", account.value(),
                window);
        return true;
    }

    private boolean increment(AccountId account, long window) {
        return jdbc.update("update publish_rate set used = used + 1 where account_id = ? and window_start = ?"
                + " and used < ?", account.value(), window, perMinute) == 1;
    }
}
