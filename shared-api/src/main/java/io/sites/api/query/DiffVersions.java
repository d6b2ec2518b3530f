package io.sites.api.query;

import io.sites.api.id.AccountId;
import io.sites.api.id.WebsiteId;


/**
 * What changed from version {@code against} to version {@code version} of a website the caller owns or edits,
 * from the two manifests alone. Answered with an optional {@link VersionDiffView}: empty when the website is not
 * visible to the caller or lacks either version.
 */
public record DiffVersions(AccountId caller, WebsiteId websiteId, int version, int against) {
}
