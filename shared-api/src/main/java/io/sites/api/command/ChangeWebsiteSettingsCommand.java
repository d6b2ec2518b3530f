package io.sites.api.command;

import io.sites.api.Category;
import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import java.time.Instant;
import java.util.List;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * The owner's settings call (PATCH /v1/websites/{id}): {@code given} names the fields the request carried, already
 * checked; a given field with a null value clears it. Only the owner may; a field equal to its value changes nothing.
 */
public record ChangeWebsiteSettingsCommand(@TargetAggregateIdentifier WebsiteId websiteId, List<String> given,
        String name, String description, Category category, Integer retainVersions, Instant expiresAt, AccountId by,
        Actor actor) {

    public ChangeWebsiteSettingsCommand {
        Actor.requireAccount(actor, by);
        given = List.copyOf(given);
    }
}
