package io.sites.api.query;

import io.sites.api.JobStatus;
import io.sites.api.WebsiteRole;
import io.sites.api.WebsiteStatus;
import io.sites.api.id.AccountId;
import io.sites.api.id.JobId;
import io.sites.api.id.WebsiteId;
import java.time.Instant;

/**
 * One website of a list. latestJobStatus is the status of its newest version's job;
 * currentJobId is null while no version is live.
 */
public record WebsiteSummaryView(WebsiteId id, AccountId owner, String name, String slug, WebsiteStatus status,
        WebsiteRole role, JobId currentJobId, JobStatus latestJobStatus, Instant updatedAt) {
}
