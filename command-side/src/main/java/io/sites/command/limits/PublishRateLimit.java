package io.sites.command.limits;

import io.sites.api.id.AccountId;
import io.sites.limits.RateWindow;
import io.sites.limits.RateWindows;
import java.time.Duration;
import org.springframework.stereotype.Component;

/**
 * Accepted publishes per account and minute, counted in the shared rate window so that the limit holds across
 * replicas and restarts. Only bundles that passed validation count: an agent repairing its bundle is not punished.
 */
@Component
public class PublishRateLimit {
    private final RateWindow window;

    PublishRateLimit(RateWindows windows, CommandLimits limits) {
        this.window = windows.window("publish", Duration.ofMinutes(1), limits.publishesPerMinute());
    }

    /** Counts one publish, or refuses it when the window's budget is spent. */
    public void acquire(AccountId account) {
        window.take(account.value(), 1).ifPresent(refusal -> {
            throw new RateLimitedException(window.budget(), refusal.retryAfter());
        });
    }
}
