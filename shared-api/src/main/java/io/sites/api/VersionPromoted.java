package io.sites.api;

import org.axonframework.serialization.Revision;

/**
 * A stored version became the live one (a promotion, or a rollback when it is older than the previous one). The
 * projections follow the event order: the last VersionPromoted, or VersionPublished with promote, wins.
 * {@code promotedBy} is the account that asked; how it asked (REST, MCP, web) is not recorded yet.
 */
@Revision("1")
public record VersionPromoted(WebsiteId websiteId, int version, int previousVersion, AccountId promotedBy) {
}
