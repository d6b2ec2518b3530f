package io.sites.app.usecases;

import io.sites.api.id.AccountId;
import io.sites.command.limits.RateLimitedException;
import io.sites.limits.RateWindow;
import io.sites.limits.RateWindows;
import java.time.Duration;

/**
 * The ration of one kind of request that holds a request thread on a DNS lookup whose speed a tenant's own name
 * server decides (a domain check, a webhook registration): so many per account and minute, counted in the shared
 * rate windows so every replica shares the budget; past it, 429 RATE_LIMITED with Retry-After and no lookup made.
 */
public final class DnsLookupRation {
    private final RateWindow window;
    private final String what;

    /** {@code kind} names the window (each kind its own budget); {@code what} is the plural the refusal names. */
    public DnsLookupRation(RateWindows windows, String kind, String what, int perMinute) {
        this.window = windows.window(kind, Duration.ofMinutes(1), perMinute);
        this.what = what;
    }

    public int perMinute() {
        return window.budget();
    }

    /** Takes one from the account's minute, or throws the refusal; call it before the lookup, after who may ask. */
    public void take(AccountId account) {
        window.take(account.value(), 1).ifPresent(refusal -> {
            throw new RateLimitedException("At most " + window.budget() + " " + what + " a minute per account "
                    + "(each asks DNS). Retry after " + refusal.retryAfter().toSeconds() + " seconds.",
                    refusal.retryAfter());
        });
    }
}
