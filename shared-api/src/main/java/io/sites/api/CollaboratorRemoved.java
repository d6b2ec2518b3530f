package io.sites.api;

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
