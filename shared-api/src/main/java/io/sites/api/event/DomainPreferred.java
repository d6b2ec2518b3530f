package io.sites.api.event;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import org.axonframework.serialization.Revision;

/**
 * The owner chose {@code hostname} as the name that serves among it and its apex/{@code www} partner (example.org
 * and www.example.org): while both are served, the other answers a redirect to it. Before any choice, {@code www}
 * serves. Every site replica reads the choice from the stream, so all of them redirect the same way.
 */
@Revision("1")
public record DomainPreferred(WebsiteId websiteId, String hostname, AccountId by, Actor actor) {

    public DomainPreferred {
        Actor.requireAccount(actor, by);
    }
}
