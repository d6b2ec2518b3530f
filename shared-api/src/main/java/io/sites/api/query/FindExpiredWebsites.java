package io.sites.api.query;

import java.time.Instant;

/**
 * Websites, not deleted, whose expiresAt is at or before {@code now}, at most {@code limit}, soonest first: what the
 * expiry sweep asks. Answered with a list of {@link io.sites.api.id.WebsiteId}.
 */
public record FindExpiredWebsites(Instant now, int limit) {
}
