package io.sites.command.publish;

import java.time.Duration;

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
