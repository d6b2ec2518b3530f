package io.sites.api.command;

import io.sites.api.id.WebsiteId;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Records that the owner's account reached {@code threshold} % of its bandwidth quota in {@code month} (UTC,
 * {@code 2026-11}), unless the website recorded that threshold, or a higher one, of that month already: a repeated
 * or late command is harmless. Answers whether an event was recorded.
 */
public record NoteBandwidthCommand(@TargetAggregateIdentifier WebsiteId websiteId, String month, int threshold,
        long bytesSent, long quotaBytes) {
}
