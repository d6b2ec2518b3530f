package io.sites.api.event;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import java.time.Instant;
import org.axonframework.serialization.Revision;

/**
 * The website expires at {@code expiresAt}, within 24 hours: its owner is told (the history's {@code website.expiring},
 * through the door "expiry", the seam for the owner's webhook). Recorded once per expiresAt; a website whose
 * expiresAt is moved and comes within 24 hours again is warned again for the new time. Never for an unclaimed draft.
 */
@Revision("1")
public record ExpiryWarned(WebsiteId websiteId, Instant expiresAt, AccountId owner, Actor actor) {

    public ExpiryWarned {
        Actor.requireAccount(actor, owner);
    }
}
