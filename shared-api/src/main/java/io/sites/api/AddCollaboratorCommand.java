package io.sites.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** Makes an account an editor of a website; only the owner may. */
public record AddCollaboratorCommand(@TargetAggregateIdentifier WebsiteId websiteId, AccountId by, AccountId collaborator) {
}
