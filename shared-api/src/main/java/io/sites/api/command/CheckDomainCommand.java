package io.sites.api.command;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import java.time.Duration;
import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * The outcome of one DNS lookup of a domain's TXT record, made before the command (I/O stays out of the
 * aggregate): {@code found} whether the record carries the domain's token, {@code reason} what was seen when not.
 * {@code scheduled} for the periodic re-check, whose actor is the owner with no door; {@code by} is null then.
 */
public record CheckDomainCommand(@TargetAggregateIdentifier WebsiteId websiteId, String hostname, boolean found,
        String reason, Instant checkedAt, Duration grace, boolean scheduled, AccountId by, Actor actor) {

    public CheckDomainCommand {
        if (!scheduled) {
            Actor.requireAccount(actor, by);
        }
    }
}
