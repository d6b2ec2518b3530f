package io.sites.api.event;

import io.sites.api.Category;
import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import java.time.Instant;
import java.util.List;
import org.axonframework.serialization.Revision;

/**
 * The owner changed the website's settings. {@code changed} names the fields this event sets (name, description,
 * category, retainVersions, expiresAt); a named field whose value is null was cleared, an unnamed one is unchanged.
 * Webhooks (later) read this for "expires soon" warnings: expiresAt is known from here.
 */
@Revision("1")
public record WebsiteSettingsChanged(WebsiteId websiteId, List<String> changed, String name, String description,
        Category category, Integer retainVersions, Instant expiresAt, AccountId by, Actor actor) {

    public static final String NAME = "name";
    public static final String DESCRIPTION = "description";
    public static final String CATEGORY = "category";
    public static final String RETAIN_VERSIONS = "retainVersions";
    public static final String EXPIRES_AT = "expiresAt";
    /** Every field a settings change may name, in the order the history lists them. */
    public static final List<String> FIELDS = List.of(NAME, DESCRIPTION, CATEGORY, RETAIN_VERSIONS, EXPIRES_AT);

    public WebsiteSettingsChanged {
        Actor.requireAccount(actor, by);
        changed = List.copyOf(changed);
    }

    public boolean sets(String field) {
        return changed.contains(field);
    }
}
