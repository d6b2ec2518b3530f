package io.sites.api.command;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Protects a site with a password, or lifts the protection (passwordHash null). The hash is made before the command,
 * so the aggregate stays pure.
 */
public record SetSitePasswordCommand(@TargetAggregateIdentifier WebsiteId websiteId, AccountId by,
        String passwordHash, Actor actor) {

    public SetSitePasswordCommand {
        Actor.requireAccount(actor, by);
    }

    /** The old shape, for an account whose door is not recorded (tests, fixtures). */
    public SetSitePasswordCommand(WebsiteId websiteId, AccountId by, String passwordHash) {
        this(websiteId, by, passwordHash, Actor.unrecorded(by));
    }
}
