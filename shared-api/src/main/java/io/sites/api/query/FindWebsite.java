package io.sites.api.query;

import io.sites.api.id.AccountId;
import io.sites.api.id.WebsiteId;


/** The website with this id, if the caller owns or edits it and it is not deleted. Answered with an optional
 * {@link WebsiteView}. */
public record FindWebsite(AccountId caller, WebsiteId websiteId) {
}
