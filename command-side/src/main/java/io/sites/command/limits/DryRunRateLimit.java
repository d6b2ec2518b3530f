package io.sites.command.limits;

import io.sites.api.id.AccountId;
import io.sites.limits.RateWindow;
import io.sites.limits.RateWindows;
import java.time.Duration;
import org.springframework.stereotype.Component;

/**
 * Dry runs per account and minute, in a rate window of their own (shared by the replicas like {@code
 * PublishRateLimit}): a dry run does all of a publish's checks, so it is counted, every one whatever its verdict,
 * but apart from publishes, so that an agent checking its bundle before publishing never spends its publishes.
 */
@Component
public class DryRunRateLimit {
    private final RateWindow window;

    DryRunRateLimit(RateWindows windows, CommandLimits limits) {
        this.window = windows.window("dry-run", Duration.ofMinutes(1), limits.dryRunsPerMinute());
    }

    /** The dry runs one account may make in a minute. */
    public int perMinute() {
        return window.budget();
    }

    /** Counts one dry run, or refuses it when the window's budget is spent. */
    public void acquire(AccountId account) {
        window.take(account.value(), 1).ifPresent(refusal -> {
            throw new RateLimitedException("At most " + window.budget() + " dry runs a minute per account (counted "
                    + "apart from publishes). Retry after " + refusal.retryAfter().toSeconds() + " seconds; nothing "
                    + "was checked.", refusal.retryAfter());
        });
    }
}
