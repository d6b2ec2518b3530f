package io.sites.api.json;

public record PublishWebsiteResult(
        String websiteId,
        String jobId,
        int version,
        String slug,
        String pageUrl,
        long bytesWritten) {
}
