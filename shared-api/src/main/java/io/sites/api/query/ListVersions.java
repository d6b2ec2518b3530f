package io.sites.api.query;

import io.sites.api.id.AccountId;
import io.sites.api.id.WebsiteId;


/** Every version of a website the caller owns or edits, newest first. Answered with an optional
 * {@link VersionListView}: empty when the website is not visible to the caller. */
public record ListVersions(AccountId caller, WebsiteId websiteId) {
}
