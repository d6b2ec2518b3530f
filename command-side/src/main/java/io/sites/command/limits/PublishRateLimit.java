package io.sites.command.limits;

import io.sites.api.AccountId;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * Accepted publishes per account and minute, counted in the database so that the limit holds across replicas and
 * restarts. Only bundles that passed validation count: an agent repairing its bundle is not punished for it.
 */
@Component
public class PublishRateLimit {
    private final RateWindow window;

    @Autowired
    PublishRateLimit(JdbcTemplate jdbc, Clock clock, PlatformTransactionManager transactions, CommandLimits limits) {
        this(jdbc, clock, transactions, limits.publishesPerMinute());
    }

    PublishRateLimit(JdbcTemplate jdbc, Clock clock, PlatformTransactionManager transactions, int perMinute) {
        this.window = new RateWindow(jdbc, transactions, clock, "publish_rate", Duration.ofMinutes(1), perMinute);
    }

    /** Counts one publish, or refuses it when the window's budget is spent. */
    public void acquire(AccountId account) {
        window.take(account, 1).ifPresent(refusal -> {
            throw new RateLimitedException(window.budget(), refusal.retryAfter());
        });
    }
}
