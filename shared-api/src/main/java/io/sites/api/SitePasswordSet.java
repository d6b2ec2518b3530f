package io.sites.api;

import java.util.Objects;
import org.axonframework.serialization.Revision;

@Revision("2")
public record SitePasswordSet(WebsiteId websiteId, String passwordHash, AccountId by, Actor actor) {

    public SitePasswordSet {
        if (!Objects.requireNonNull(actor, "actor").accountId().equals(by)) {
            throw new IllegalArgumentException("The actor must be the account the record names");
        }
    }

    /** The old shape, for an account whose door is not recorded (tests, fixtures). */
    public SitePasswordSet(WebsiteId websiteId, String passwordHash, AccountId by) {
        this(websiteId, passwordHash, by, Actor.unrecorded(by));
    }
}
