package io.sites.api.command;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Moves an unclaimed draft into {@code by}'s account and clears its expiry. The claim link was checked before the
 * command (its signature and time); the aggregate decides the rest: only a draft not yet claimed, so a link is used
 * once.
 */
public record ClaimDraftCommand(@TargetAggregateIdentifier WebsiteId websiteId, AccountId by, Actor actor) {

    public ClaimDraftCommand {
        Actor.requireAccount(actor, by);
    }
}
