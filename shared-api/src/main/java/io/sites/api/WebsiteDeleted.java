package io.sites.api;

import java.util.Objects;
import org.axonframework.serialization.Revision;

@Revision("2")
public record WebsiteDeleted(WebsiteId websiteId, String slug, AccountId by, Actor actor) {

    public WebsiteDeleted {
        if (!Objects.requireNonNull(actor, "actor").accountId().equals(by)) {
            throw new IllegalArgumentException("The actor must be the account the record names");
        }
    }

    /** The old shape, for an account whose door is not recorded (tests, fixtures). */
    public WebsiteDeleted(WebsiteId websiteId, String slug, AccountId by) {
        this(websiteId, slug, by, Actor.unrecorded(by));
    }
}
