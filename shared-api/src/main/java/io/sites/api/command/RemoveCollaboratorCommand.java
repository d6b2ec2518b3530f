package io.sites.api.command;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** Takes an editor's access away; only the owner may. */
public record RemoveCollaboratorCommand(@TargetAggregateIdentifier WebsiteId websiteId, AccountId by,
        AccountId collaborator, Actor actor) {

    public RemoveCollaboratorCommand {
        Actor.requireAccount(actor, by);
    }

    /** The old shape, for an account whose door is not recorded (tests, fixtures). */
    public RemoveCollaboratorCommand(WebsiteId websiteId, AccountId by, AccountId collaborator) {
        this(websiteId, by, collaborator, Actor.unrecorded(by));
    }
}
