package io.sites.api.event;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import org.axonframework.serialization.Revision;

/** The owner added a custom domain; nothing is served there until its TXT record carries {@code token}. */
@Revision("1")
public record DomainAdded(WebsiteId websiteId, String hostname, String token, AccountId by, Actor actor) {

    public DomainAdded {
        Actor.requireAccount(actor, by);
    }
}
