package io.sites.api.command;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** Makes an account an editor of a website; only the owner may. */
public record AddCollaboratorCommand(@TargetAggregateIdentifier WebsiteId websiteId, AccountId by,
        AccountId collaborator, Actor actor) {

    public AddCollaboratorCommand {
        Actor.requireAccount(actor, by);
    }

    /** The old shape, for an account whose door is not recorded (tests, fixtures). */
    public AddCollaboratorCommand(WebsiteId websiteId, AccountId by, AccountId collaborator) {
        this(websiteId, by, collaborator, Actor.unrecorded(by));
    }
}
