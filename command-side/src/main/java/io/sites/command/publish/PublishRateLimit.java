package io.sites.command.publish;

import io.sites.api.AccountId;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Accepted publishes per account and minute, counted in the database so that the limit holds across replicas and
 * restarts. Only bundles that passed validation count: an agent repairing its bundle is not punished for it.
 */
@Component
public class PublishRateLimit {
    private static final long WINDOW_SECONDS = 60;

    private final JdbcTemplate jdbc;
    private final Clock clock;
    private final int perMinute;

    PublishRateLimit(JdbcTemplate jdbc, Clock clock, @Value("${sites.limits.publishes-per-minute:60}") int perMinute) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.perMinute = perMinute;
    }

    /** Counts one publish, or refuses it when the window's budget is spent. */
    @Transactional(propagation = Propagation.REQUIRES_NEW)
    public void acquire(AccountId account) {
        long now = clock.instant().getEpochSecond();
        long window = now / WINDOW_SECONDS;
        int updated = jdbc.update("update publish_rate set used = used + 1 where account_id = ? and window_start = ?"
                + " and used < ?", account.value(), window, perMinute);
        if (updated == 1) {
            return;
        }
        Integer used = jdbc.query("select used from publish_rate where account_id = ? and window_start = ?",
                rs -> rs.next() ? rs.getInt(1) : null, account.value(), window);
        if (used == null) {
            try {
                jdbc.update("delete from publish_rate where account_id = ? and window_start < ?", account.value(),
                        window - 1);
                jdbc.update("insert into publish_rate (account_id, window_start, used) values (?, ?, 1)",
                        account.value(), window);
                return;
            } catch (DuplicateKeyException raced) {
                // another replica opened the window first; count against it
                if (jdbc.update("update publish_rate set used = used + 1 where account_id = ? and window_start = ?"
                        + " and used < ?", account.value(), window, perMinute) == 1) {
                    return;
                }
            }
        }
        long retryAfter = (window + 1) * WINDOW_SECONDS - now;
        throw new RateLimitedException(perMinute, Duration.ofSeconds(Math.max(1, retryAfter)));
    }
}
