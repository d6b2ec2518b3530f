package io.sites.api.event;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import java.time.Instant;
import org.axonframework.serialization.Revision;

/**
 * The website is an unclaimed draft: published by nobody's account (its owner is an account of its own that no
 * person holds), it expires at {@code expiresAt} unless someone claims it. {@code owner} is that placeholder.
 */
@Revision("1")
public record DraftCreated(WebsiteId websiteId, AccountId owner, Instant expiresAt, Actor actor) {

    public DraftCreated {
        Actor.requireAccount(actor, owner);
    }
}
