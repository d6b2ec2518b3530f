package io.sites.api.command;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Makes a stored version of a website the live one; promoting an older version is the rollback. The aggregate
 * decides: it answers what was live before, and whether anything changed (promoting the live version is a no-op).
 */
public record PromoteVersionCommand(@TargetAggregateIdentifier WebsiteId websiteId, int version, AccountId by,
        Actor actor) {

    public PromoteVersionCommand {
        Actor.requireAccount(actor, by);
    }

    /** The old shape, for an account whose door is not recorded (tests, fixtures). */
    public PromoteVersionCommand(WebsiteId websiteId, int version, AccountId by) {
        this(websiteId, version, by, Actor.unrecorded(by));
    }

    /** The version live before the command, and whether the command changed it. */
    public record Outcome(int previousVersion, boolean changed) {
    }
}
