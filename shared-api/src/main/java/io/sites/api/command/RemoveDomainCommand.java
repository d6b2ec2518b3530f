package io.sites.api.command;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** The owner stops serving the website at {@code hostname}; the hostname is free for any website afterwards. */
public record RemoveDomainCommand(@TargetAggregateIdentifier WebsiteId websiteId, String hostname, AccountId by,
        Actor actor) {

    public RemoveDomainCommand {
        Actor.requireAccount(actor, by);
    }
}
