package io.sites.api;

import org.axonframework.serialization.Revision;

@Revision("1")
public record WebsiteDeleted(WebsiteId websiteId, String slug, AccountId by) {
}
