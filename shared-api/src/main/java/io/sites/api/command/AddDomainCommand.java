package io.sites.api.command;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * The owner asks to serve the website at {@code hostname} (already checked to be a public hostname). The token
 * the TXT record must carry is drawn before the command, so the aggregate stays pure; {@code limit} is the most
 * domains one website may have.
 */
public record AddDomainCommand(@TargetAggregateIdentifier WebsiteId websiteId, String hostname, String token,
        int limit, AccountId by, Actor actor) {

    public AddDomainCommand {
        Actor.requireAccount(actor, by);
    }
}
