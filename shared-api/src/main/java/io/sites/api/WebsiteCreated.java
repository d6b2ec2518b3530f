package io.sites.api;

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
