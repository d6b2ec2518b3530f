package io.sites.api.event;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import org.axonframework.serialization.Revision;

/** The owner deleted the website: every read is 404 from now on, its site answers 410, and its slug stays claimed. */
@Revision("2")
public record WebsiteDeleted(WebsiteId websiteId, String slug, AccountId by, Actor actor) {

    public WebsiteDeleted {
        Actor.requireAccount(actor, by);
    }

    /** The old shape, for an account whose door is not recorded (tests, fixtures). */
    public WebsiteDeleted(WebsiteId websiteId, String slug, AccountId by) {
        this(websiteId, slug, by, Actor.unrecorded(by));
    }
}
