package io.sites.command.publish;

import io.sites.api.JobId;
import io.sites.api.WebsiteId;

public record PublishedVersion(WebsiteId websiteId, JobId jobId, int version, boolean current, String slug,
        long bytesWritten) {
}
