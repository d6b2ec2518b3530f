package io.sites.command.limits;

import java.time.Duration;

/** A request refused because a rate window of its account is spent; the adapters answer 429 with Retry-After. */
public class RateLimitedException extends RuntimeException {
    private final Duration retryAfter;

    public RateLimitedException(int perMinute, Duration retryAfter) {
        super("At most " + perMinute + " publishes a minute per account. Retry after " + retryAfter.toSeconds()
                + " seconds; nothing was published.");
        this.retryAfter = retryAfter;
    }

    /** Another limit than publishes a minute; the message names it and says that nothing was published. */
    public RateLimitedException(String message, Duration retryAfter) {
        super(message);
        this.retryAfter = retryAfter;
    }

    public Duration retryAfter() {
        return retryAfter;
    }
}
