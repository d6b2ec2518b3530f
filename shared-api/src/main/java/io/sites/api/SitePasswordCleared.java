package io.sites.api;

import org.axonframework.serialization.Revision;

@Revision("1")
public record SitePasswordCleared(WebsiteId websiteId, AccountId by) {
}
