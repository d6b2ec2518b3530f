package io.sites.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** Deletes a website: it stops serving and leaves every list; its history stays for audit. */
public record DeleteWebsiteCommand(@TargetAggregateIdentifier WebsiteId websiteId, AccountId by) {
}
