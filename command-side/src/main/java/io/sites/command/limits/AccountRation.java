package io.sites.command.limits;

import io.sites.api.id.AccountId;
import io.sites.limits.RateWindow;
import io.sites.limits.RateWindows;
import java.time.Duration;

/**
 * One kind of request rationed per account and minute, in a rate window of its own that every replica shares (dry
 * runs, questions about digests, batches of files sent ahead, domain checks, webhook registrations): taken before
 * the work, so past the budget the caller gets 429 RATE_LIMITED with Retry-After and nothing was done. Each kind
 * has its own window, so spending one never spends another (nor the publishes').
 */
public final class AccountRation {
    private final RateWindow window;
    private final String what;
    private final String why;

    /**
     * @param kind the window's name
     * @param what the plural the refusal names ("dry runs")
     * @param why  said after "a minute per account", or empty ("(each asks DNS)")
     */
    public AccountRation(RateWindows windows, String kind, int perMinute, String what, String why) {
        this.window = windows.window(kind, Duration.ofMinutes(1), perMinute);
        this.what = what;
        this.why = why.isEmpty() ? "" : " " + why;
    }

    public int perMinute() {
        return window.budget();
    }

    /** Takes one from the account's minute, or throws the refusal. */
    public void take(AccountId account) {
        window.take(account.value(), 1).ifPresent(refusal -> {
            throw new RateLimitedException("At most " + window.budget() + " " + what + " a minute per account" + why
                    + ". Retry after " + refusal.retryAfter().toSeconds() + " seconds; nothing was done.",
                    refusal.retryAfter());
        });
    }
}
