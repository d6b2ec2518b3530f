package io.sites.api;

/**
 * The editors of a website, if the caller owns or edits it and it is not deleted. Answered with an optional
 * {@link CollaboratorsView}.
 */
public record ListCollaborators(AccountId caller, WebsiteId websiteId) {
}
