package io.sites.command.website;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import io.sites.api.Door;
import io.sites.api.command.WarnExpiryCommand;
import io.sites.api.event.ExpiryWarned;
import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import java.time.Instant;
import org.axonframework.eventsourcing.EventSourcingHandler;

/**
 * The expiry time the owner was last warned of, part of the {@link Website} aggregate (its member), so that each
 * expiresAt is warned of once however often the sweep asks: a moved expiresAt that comes within 24 hours again is a
 * new time and is warned of again; one moved back to a time warned of already is not.
 */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
class WebsiteExpiryWarning {
    private Instant warnedFor;

    /** Records the warning in the owner's name through the door 'expiry'; false when it is not due or was given. */
    boolean warn(WebsiteId websiteId, AccountId owner, Instant expiresAt, Instant now) {
        // Past its time the website is the deletion's, not the warning's.
        if (expiresAt == null || !expiresAt.isAfter(now) || expiresAt.isAfter(now.plus(WarnExpiryCommand.AHEAD))
                || expiresAt.equals(warnedFor)) {
            return false;
        }
        apply(new ExpiryWarned(websiteId, expiresAt, owner, new Actor(owner, Door.EXPIRY, null)));
        return true;
    }

    @EventSourcingHandler
    void on(ExpiryWarned event) {
        warnedFor = event.expiresAt();
    }
}
