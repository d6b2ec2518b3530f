package io.sites.api;

/** The website with this id, if the caller owns or edits it and it is not deleted. Answered with an optional
 * {@link WebsiteView}. */
public record FindWebsite(AccountId caller, WebsiteId websiteId) {
}
