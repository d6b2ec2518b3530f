package io.sites.api.query;

import io.sites.api.WebsiteRole;
import io.sites.api.WebsiteStatus;
import io.sites.api.id.AccountId;
import io.sites.api.id.JobId;
import io.sites.api.id.WebsiteId;
import java.time.Instant;
import java.util.List;

/**
 * A website as the caller sees it, with every retained version newest first. {@code retainVersions} and
 * {@code expiresAt} are the owner's settings, null when unset.
 */
public record WebsiteView(WebsiteId id, AccountId owner, String name, String slug, String category,
        String description, WebsiteStatus status, WebsiteRole role, boolean passwordProtected, JobId currentJobId,
        Instant createdAt, Instant updatedAt, List<VersionView> versions, Integer retainVersions, Instant expiresAt) {
    public WebsiteView {
        versions = List.copyOf(versions);
    }

    /** Without settings (tests, fixtures). */
    public WebsiteView(WebsiteId id, AccountId owner, String name, String slug, String category,
            String description, WebsiteStatus status, WebsiteRole role, boolean passwordProtected, JobId currentJobId,
            Instant createdAt, Instant updatedAt, List<VersionView> versions) {
        this(id, owner, name, slug, category, description, status, role, passwordProtected, currentJobId, createdAt,
                updatedAt, versions, null, null);
    }
}
