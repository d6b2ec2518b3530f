package io.sites.api.event;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import org.axonframework.serialization.Revision;

/** The owner made an account an editor of the website: it may read the website and publish versions. */
@Revision("2")
public record CollaboratorAdded(WebsiteId websiteId, AccountId collaborator, AccountId by, Actor actor) {

    public CollaboratorAdded {
        Actor.requireAccount(actor, by);
    }

    /** The old shape, for an account whose door is not recorded (tests, fixtures). */
    public CollaboratorAdded(WebsiteId websiteId, AccountId collaborator, AccountId by) {
        this(websiteId, collaborator, by, Actor.unrecorded(by));
    }
}
