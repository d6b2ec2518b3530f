package io.sites.api.command;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** The owner makes {@code hostname} the one of its apex/{@code www} pair that serves; the other redirects to it. */
public record PreferDomainCommand(@TargetAggregateIdentifier WebsiteId websiteId, String hostname, AccountId by,
        Actor actor) {

    public PreferDomainCommand {
        Actor.requireAccount(actor, by);
    }
}
