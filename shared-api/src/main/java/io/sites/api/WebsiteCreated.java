package io.sites.api;

import org.axonframework.serialization.Revision;

@Revision("1")
public record WebsiteCreated(
        WebsiteId websiteId,
        AccountId owner,
        String name,
        String slug,
        Category category,
        String description) {
}
