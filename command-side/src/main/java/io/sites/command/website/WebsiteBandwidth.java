package io.sites.command.website;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import io.sites.api.Door;
import io.sites.api.command.NoteBandwidthCommand;
import io.sites.api.event.BandwidthNoticed;
import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import org.axonframework.eventsourcing.EventSourcingHandler;

/**
 * The bandwidth notices a website has had, part of the {@link Website} aggregate (its member): the highest threshold
 * of which month, so that each month's 50, 75 and 100 % are recorded once, however often the quota watch tells.
 */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
class WebsiteBandwidth {
    private String month;
    private int threshold;

    /** Records the notice in the owner's name through the door 'quota'; false when it was recorded already. */
    boolean note(WebsiteId websiteId, AccountId owner, NoteBandwidthCommand command) {
        if (command.month().equals(month) && command.threshold() <= threshold) {
            return false;
        }
        apply(new BandwidthNoticed(websiteId, command.month(), command.threshold(), command.bytesSent(),
                command.quotaBytes(), owner, new Actor(owner, Door.QUOTA, null)));
        return true;
    }

    @EventSourcingHandler
    void on(BandwidthNoticed event) {
        month = event.month();
        threshold = event.threshold();
    }
}
