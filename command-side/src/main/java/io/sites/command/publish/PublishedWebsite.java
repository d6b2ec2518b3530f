package io.sites.command.publish;

import io.sites.api.JobId;
import io.sites.api.WebsiteId;

public record PublishedWebsite(WebsiteId websiteId, JobId jobId, int version, String slug, long bytesWritten) {
}
