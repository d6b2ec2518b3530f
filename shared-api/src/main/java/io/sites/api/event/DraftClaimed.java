package io.sites.api.event;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import org.axonframework.serialization.Revision;

/**
 * A signed-in person (or a token) claimed the draft with its claim link: the website moves from the draft's
 * placeholder account ({@code previousOwner}) to {@code owner}, and is a website like any other from now on.
 */
@Revision("1")
public record DraftClaimed(WebsiteId websiteId, AccountId previousOwner, AccountId owner, Actor actor) {

    public DraftClaimed {
        Actor.requireAccount(actor, owner);
    }
}
