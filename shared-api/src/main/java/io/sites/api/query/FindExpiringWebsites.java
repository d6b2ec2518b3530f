package io.sites.api.query;

import java.time.Instant;

/**
 * Websites, not deleted, whose expiresAt falls after {@code now} and at or before {@code until} and whose owner was
 * not warned for that expiresAt yet (unclaimed drafts count as warned), at most {@code limit}, soonest first: what
 * the expiry sweep warns. Answered with a list of {@link io.sites.api.id.WebsiteId}.
 */
public record FindExpiringWebsites(Instant now, Instant until, int limit) {
}
