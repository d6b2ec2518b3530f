package io.sites.api.event;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import org.axonframework.serialization.Revision;

/** The owner removed the site password: the site is open to everyone again. */
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
