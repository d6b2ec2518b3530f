package io.sites.api.event;

import io.sites.api.Category;
import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import org.axonframework.serialization.Revision;

/** A website came to be, owned by the account that created it, at its claimed slug. */
@Revision("2")
public record WebsiteCreated(
        WebsiteId websiteId,
        AccountId owner,
        String name,
        String slug,
        Category category,
        String description,
        Actor actor) {

    public WebsiteCreated {
        Actor.requireAccount(actor, owner);
    }

    /** The old shape, for an account whose door is not recorded (tests, fixtures). */
    public WebsiteCreated(WebsiteId websiteId, AccountId owner, String name, String slug, Category category,
            String description) {
        this(websiteId, owner, name, slug, category, description, Actor.unrecorded(owner));
    }
}
