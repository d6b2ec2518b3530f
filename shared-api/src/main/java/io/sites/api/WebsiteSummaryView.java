package io.sites.api;

import java.time.Instant;

/**
 * One website of a list. latestJobStatus is the status of its newest version's job;
 * currentJobId is null while no version is live.
 */
public record WebsiteSummaryView(WebsiteId id, AccountId owner, String name, String slug, WebsiteStatus status,
        Role role, JobId currentJobId, JobStatus latestJobStatus, Instant updatedAt) {
}
