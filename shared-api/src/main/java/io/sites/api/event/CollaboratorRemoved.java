package io.sites.api.event;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import org.axonframework.serialization.Revision;

/** The owner took an editor off the website. */
@Revision("2")
public record CollaboratorRemoved(WebsiteId websiteId, AccountId collaborator, AccountId by, Actor actor) {

    public CollaboratorRemoved {
        Actor.requireAccount(actor, by);
    }

    /** The old shape, for an account whose door is not recorded (tests, fixtures). */
    public CollaboratorRemoved(WebsiteId websiteId, AccountId collaborator, AccountId by) {
        this(websiteId, collaborator, by, Actor.unrecorded(by));
    }
}
