package io.sites.api.command;

import io.sites.api.id.WebsiteId;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Deletes the website if its own expiresAt has come; otherwise nothing. The sweep that sends it read a read model
 * that may be stale: the aggregate decides, so a setting changed meanwhile wins and two senders are harmless. Answers
 * whether the website was deleted by this command.
 */
public record ExpireWebsiteCommand(@TargetAggregateIdentifier WebsiteId websiteId) {
}
