package io.sites.api.command;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** Deletes a website: it stops serving and leaves every list; its history stays for audit. */
public record DeleteWebsiteCommand(@TargetAggregateIdentifier WebsiteId websiteId, AccountId by, Actor actor) {

    public DeleteWebsiteCommand {
        Actor.requireAccount(actor, by);
    }

    /** The old shape, for an account whose door is not recorded (tests, fixtures). */
    public DeleteWebsiteCommand(WebsiteId websiteId, AccountId by) {
        this(websiteId, by, Actor.unrecorded(by));
    }
}
