package io.sites.api.event;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import java.util.List;
import org.axonframework.serialization.Revision;

/**
 * Versions left the website by its retention setting (retainVersions): no read lists them, their previews answer
 * 410, and none can be promoted again. {@code by} is who caused it: the publisher whose new version pushed them out,
 * or the owner who lowered the setting. Blob collection (issue 36, item 4) reads this to know what is retained.
 */
@Revision("1")
public record VersionsPruned(WebsiteId websiteId, List<Integer> versions, AccountId by, Actor actor) {

    public VersionsPruned {
        Actor.requireAccount(actor, by);
        versions = List.copyOf(versions);
    }
}
