package io.sites.api;

import java.util.Objects;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** Deletes a website: it stops serving and leaves every list; its history stays for audit. */
public record DeleteWebsiteCommand(@TargetAggregateIdentifier WebsiteId websiteId, AccountId by, Actor actor) {

    public DeleteWebsiteCommand {
        if (!Objects.requireNonNull(actor, "actor").accountId().equals(by)) {
            throw new IllegalArgumentException("The actor must be the account the record names");
        }
    }

    /** The old shape, for an account whose door is not recorded (tests, fixtures). */
    public DeleteWebsiteCommand(WebsiteId websiteId, AccountId by) {
        this(websiteId, by, Actor.unrecorded(by));
    }
}
