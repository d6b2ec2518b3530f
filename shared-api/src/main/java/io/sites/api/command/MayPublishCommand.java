package io.sites.api.command;

import io.sites.api.id.AccountId;
import io.sites.api.id.WebsiteId;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Asks a website whether the caller may publish to it, recording nothing: a dry run's check of the rule a publish
 * meets in its command (owner or editor, not deleted). Answered with nothing, or the 404 a stranger gets.
 */
public record MayPublishCommand(@TargetAggregateIdentifier WebsiteId websiteId, AccountId caller) {
}
