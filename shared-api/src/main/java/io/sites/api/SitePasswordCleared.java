package io.sites.api;

import org.axonframework.serialization.Revision;

@Revision("2")
public record SitePasswordCleared(WebsiteId websiteId, AccountId by, Actor actor) {

    public SitePasswordCleared {
        Actor.requireAccount(actor, by);
    }

    /** The old shape, for an account whose door is not recorded (tests, fixtures). */
    public SitePasswordCleared(WebsiteId websiteId, AccountId by) {
        this(websiteId, by, Actor.unrecorded(by));
    }
}
