package io.sites.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** Takes an editor's access away; only the owner may. */
public record RemoveCollaboratorCommand(@TargetAggregateIdentifier WebsiteId websiteId, AccountId by, AccountId collaborator) {
}
