package io.sites.app.web;

import java.time.Duration;

/** The memory for taking in a request body could not be had in time: 503, the client retries after a while. */
public class ServerBusyException extends RuntimeException {
    private final Duration retryAfter;

    ServerBusyException(String message, Duration retryAfter) {
        super(message);
        this.retryAfter = retryAfter;
    }

    public Duration retryAfter() {
        return retryAfter;
    }
}
