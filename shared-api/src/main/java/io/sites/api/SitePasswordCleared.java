package io.sites.api;

import java.util.Objects;
import org.axonframework.serialization.Revision;

@Revision("2")
public record SitePasswordCleared(WebsiteId websiteId, AccountId by, Actor actor) {

    public SitePasswordCleared {
        if (!Objects.requireNonNull(actor, "actor").accountId().equals(by)) {
            throw new IllegalArgumentException("The actor must be the account the record names");
        }
    }

    /** The old shape, for an account whose door is not recorded (tests, fixtures). */
    public SitePasswordCleared(WebsiteId websiteId, AccountId by) {
        this(websiteId, by, Actor.unrecorded(by));
    }
}
