package io.sites.api.query;

import io.sites.api.id.WebsiteId;

/**
 * Who may follow a website's events in the live feed: its owner and editors as the read model knows them, a
 * deleted website's too (its owner hears of the deletion). Answered with an {@link AudienceView}, empty for a
 * website the read model does not know (yet).
 */
public record ReadAudience(WebsiteId websiteId) {
}
