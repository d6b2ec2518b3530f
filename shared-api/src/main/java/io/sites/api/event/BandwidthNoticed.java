package io.sites.api.event;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import org.axonframework.serialization.Revision;

/**
 * The owner's account reached {@code threshold} % (50, 75 or 100) of its bandwidth quota in {@code month}
 * ({@code 2026-11}, UTC): {@code bytesSent} by all its websites against {@code quotaBytes}. At 100 % its websites are
 * paused until the next month or until the operator raises the quota. Recorded in each of the account's websites'
 * histories, through the door "quota" (the service, for the owner); the seam for the owner's webhook.
 */
@Revision("1")
public record BandwidthNoticed(WebsiteId websiteId, String month, int threshold, long bytesSent, long quotaBytes,
        AccountId owner, Actor actor) {

    public BandwidthNoticed {
        Actor.requireAccount(actor, owner);
    }
}
