package io.sites.api.json;

import com.fasterxml.jackson.annotation.JsonProperty;

public record PublishVersionResult(
        String websiteId,
        String jobId,
        int version,
        @JsonProperty("isCurrent") boolean isCurrent,
        String pageUrl,
        long bytesWritten) {
}
