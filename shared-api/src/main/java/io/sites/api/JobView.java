package io.sites.api;

import java.time.Instant;

/** A publish job as the read model knows it. Status is one of pending, claimed, generating, ready, retry, dead. */
public record JobView(JobId jobId, WebsiteId websiteId, String slug, int version, String status, boolean live,
        Instant createdAt) {
}
