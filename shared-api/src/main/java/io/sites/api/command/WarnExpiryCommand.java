package io.sites.api.command;

import io.sites.api.id.WebsiteId;
import java.time.Duration;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * The expiry sweep's warning: records {@link io.sites.api.event.ExpiryWarned} if the website's own expiresAt is
 * within {@link #AHEAD} and not warned for yet, so a repeated or late command, or two replicas at once, record it
 * once. Answers whether an event was recorded.
 */
public record WarnExpiryCommand(@TargetAggregateIdentifier WebsiteId websiteId) {
    /** How long before its expiry the owner is warned. */
    public static final Duration AHEAD = Duration.ofHours(24);
}
