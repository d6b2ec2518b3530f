package io.sites.api.event;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import org.axonframework.serialization.Revision;

/** The owner protected the site with a password, stored only as its slow hash. */
@Revision("2")
public record SitePasswordSet(WebsiteId websiteId, String passwordHash, AccountId by, Actor actor) {

    public SitePasswordSet {
        Actor.requireAccount(actor, by);
    }

    /** The old shape, for an account whose door is not recorded (tests, fixtures). */
    public SitePasswordSet(WebsiteId websiteId, String passwordHash, AccountId by) {
        this(websiteId, passwordHash, by, Actor.unrecorded(by));
    }
}
