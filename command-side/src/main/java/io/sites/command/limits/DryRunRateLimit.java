package io.sites.command.limits;

import io.sites.api.id.AccountId;
import io.sites.limits.RateWindows;
import org.springframework.stereotype.Component;

/**
 * Dry runs per account and minute, in a rate window of their own (shared by the replicas like {@code
 * PublishRateLimit}): a dry run does all of a publish's checks, so it is counted, every one whatever its verdict,
 * but apart from publishes, so that an agent checking its bundle before publishing never spends its publishes.
 */
@Component
public class DryRunRateLimit {
    private final AccountRation ration;

    DryRunRateLimit(RateWindows windows, CommandLimits limits) {
        this.ration = new AccountRation(windows, "dry-run", limits.dryRunsPerMinute(), "dry runs",
                "(counted apart from publishes)");
    }

    /** The dry runs one account may make in a minute. */
    public int perMinute() {
        return ration.perMinute();
    }

    /** Counts one dry run, or refuses it when the window's budget is spent. */
    public void acquire(AccountId account) {
        ration.take(account);
    }
}
