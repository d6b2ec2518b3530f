package io.sites.api;

import java.time.Instant;
import java.util.List;

/** A website as the caller sees it, with every version newest first. */
public record WebsiteView(WebsiteId id, AccountId owner, String name, String slug, String category,
        String description, WebsiteStatus status, Role role, boolean passwordProtected, JobId currentJobId,
        Instant createdAt, Instant updatedAt, List<VersionView> versions) {
    public WebsiteView {
        versions = List.copyOf(versions);
    }
}
