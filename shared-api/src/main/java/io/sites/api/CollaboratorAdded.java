package io.sites.api;

import org.axonframework.serialization.Revision;

@Revision("1")
public record CollaboratorAdded(WebsiteId websiteId, AccountId collaborator, AccountId by) {
}
