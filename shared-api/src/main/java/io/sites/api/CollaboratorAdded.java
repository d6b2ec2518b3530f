package io.sites.api;

import java.util.Objects;
import org.axonframework.serialization.Revision;

@Revision("2")
public record CollaboratorAdded(WebsiteId websiteId, AccountId collaborator, AccountId by, Actor actor) {

    public CollaboratorAdded {
        if (!Objects.requireNonNull(actor, "actor").accountId().equals(by)) {
            throw new IllegalArgumentException("The actor must be the account the record names");
        }
    }

    /** The old shape, for an account whose door is not recorded (tests, fixtures). */
    public CollaboratorAdded(WebsiteId websiteId, AccountId collaborator, AccountId by) {
        this(websiteId, collaborator, by, Actor.unrecorded(by));
    }
}
