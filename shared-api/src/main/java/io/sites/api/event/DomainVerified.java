package io.sites.api.event;

import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import org.axonframework.serialization.Revision;

/**
 * The domain's TXT record carried its token: the hostname is claimed by this website and served from now on
 * (again, after a record that had gone missing came back: {@code scheduled} tells the periodic check apart).
 */
@Revision("1")
public record DomainVerified(WebsiteId websiteId, String hostname, boolean scheduled, Actor actor) {
}
