package io.sites.api.event;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import org.axonframework.serialization.Revision;

/**
 * A stored version became the live one (a promotion, or a rollback when it is older than the previous one). The
 * projections follow the event order: the last VersionPromoted, or VersionPublished with promote, wins.
 * {@code promotedBy} is the account that asked; {@code actor} says also through which door (revision 2).
 */
@Revision("2")
public record VersionPromoted(WebsiteId websiteId, int version, int previousVersion, AccountId promotedBy,
        Actor actor) {

    public VersionPromoted {
        Actor.requireAccount(actor, promotedBy);
    }

    /** The old shape, for an account whose door is not recorded (tests, fixtures). */
    public VersionPromoted(WebsiteId websiteId, int version, int previousVersion, AccountId promotedBy) {
        this(websiteId, version, previousVersion, promotedBy, Actor.unrecorded(promotedBy));
    }
}
