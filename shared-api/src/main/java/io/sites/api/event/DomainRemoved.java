package io.sites.api.event;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import org.axonframework.serialization.Revision;

/** The owner removed a custom domain: it is no longer served and any website may claim the hostname. */
@Revision("1")
public record DomainRemoved(WebsiteId websiteId, String hostname, AccountId by, Actor actor) {

    public DomainRemoved {
        Actor.requireAccount(actor, by);
    }
}
