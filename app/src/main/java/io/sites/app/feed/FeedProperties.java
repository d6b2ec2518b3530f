package io.sites.app.feed;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The live feed's bounds ({@code sites.feed.*}, each with its environment variable in application.yml).
 *
 * @param streamsPerAccount streams one account may hold open on one replica at once (more: 429 TOO_MANY_STREAMS)
 * @param buffer events held for one stream that its client has not taken yet; one more and the stream is closed
 * @param heartbeat how long a quiet stream waits before it sends a comment, so proxies keep the connection
 * @param maxDuration how long one stream lasts; then it ends and the client resumes (its token is checked again)
 */
@ConfigurationProperties("sites.feed")
public record FeedProperties(int streamsPerAccount, int buffer, Duration heartbeat, Duration maxDuration) {
}
