package io.sites.api.query;

import io.sites.api.WebsiteRole;
import io.sites.api.WebsiteStatus;
import io.sites.api.id.AccountId;
import io.sites.api.id.JobId;
import io.sites.api.id.WebsiteId;
import java.time.Instant;
import java.util.List;

/** A website as the caller sees it, with every version newest first. */
public record WebsiteView(WebsiteId id, AccountId owner, String name, String slug, String category,
        String description, WebsiteStatus status, WebsiteRole role, boolean passwordProtected, JobId currentJobId,
        Instant createdAt, Instant updatedAt, List<VersionView> versions) {
    public WebsiteView {
        versions = List.copyOf(versions);
    }
}
