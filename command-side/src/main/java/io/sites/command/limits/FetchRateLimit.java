package io.sites.command.limits;

import io.sites.api.id.AccountId;
import io.sites.limits.RateWindow;
import io.sites.limits.RateWindows;
import java.time.Duration;
import org.springframework.stereotype.Component;

/**
 * sourceUrl fetches per account and hour, counted in the shared rate window like {@code PublishRateLimit} so that
 * every replica shares the budget. A publish takes all of its fetches at once or none: a bundle is never half-fetched.
 */
@Component
public class FetchRateLimit {
    private final RateWindow window;

    FetchRateLimit(RateWindows windows, CommandLimits limits) {
        this.window = windows.window("fetch", Duration.ofHours(1), limits.fetchesPerHour());
    }

    /** The sourceUrl fetches one account may make in an hour. */
    public int perHour() {
        return window.budget();
    }

    public void acquire(AccountId account, int fetches) {
        window.take(account.value(), fetches).ifPresent(refusal -> {
            long retryAfter = refusal.retryAfter().toSeconds();
            throw new RateLimitedException("At most " + window.budget() + " sourceUrl fetches an hour per account; "
                    + "this publish needs " + fetches + " and " + refusal.left() + " are left. Retry after "
                    + retryAfter + " seconds, or send the files inline or by upload slot; nothing was published.",
                    refusal.retryAfter());
        });
    }
}
