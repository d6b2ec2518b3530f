package io.sites.api.query;

import io.sites.api.id.AccountId;
import io.sites.api.id.WebsiteId;


/**
 * The editors of a website, if the caller owns or edits it and it is not deleted. Answered with an optional
 * {@link CollaboratorsView}.
 */
public record ListCollaborators(AccountId caller, WebsiteId websiteId) {
}
