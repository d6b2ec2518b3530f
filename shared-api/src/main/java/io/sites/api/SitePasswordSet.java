package io.sites.api;

import org.axonframework.serialization.Revision;

@Revision("1")
public record SitePasswordSet(WebsiteId websiteId, String passwordHash, AccountId by) {
}
