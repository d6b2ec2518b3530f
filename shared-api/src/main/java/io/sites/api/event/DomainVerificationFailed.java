package io.sites.api.event;

import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import java.time.Instant;
import org.axonframework.serialization.Revision;

/**
 * A check did not find the domain's token, for {@code reason}. On a pending domain nothing changes but the reason;
 * on a served one the first miss starts the grace period ({@code stopped} false, still served), and a miss after
 * the grace period stops serving it and frees the hostname ({@code stopped} true).
 */
@Revision("1")
public record DomainVerificationFailed(WebsiteId websiteId, String hostname, String reason, Instant checkedAt,
        boolean stopped, boolean scheduled, Actor actor) {
}
