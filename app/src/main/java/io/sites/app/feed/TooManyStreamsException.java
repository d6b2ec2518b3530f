package io.sites.app.feed;

/** An account asked for one live stream more than {@code sites.feed.streams-per-account}: 429 TOO_MANY_STREAMS. */
public class TooManyStreamsException extends RuntimeException {
    public TooManyStreamsException(int limit) {
        super("This account already has " + limit + " live event streams open on this server, as many as it may."
                + " Close one, or follow every website in one stream (GET /v1/events without websiteId).");
    }
}
