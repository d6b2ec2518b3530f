package io.sites.api;

import java.time.Instant;

/** A publish job as the read model knows it. */
public record JobView(JobId jobId, WebsiteId websiteId, String slug, int version, JobStatus status, boolean live,
        Instant createdAt) {
}
