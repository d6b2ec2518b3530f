package io.sites.api.json;

import com.fasterxml.jackson.annotation.JsonInclude;

/** A publish job. Publishes through the API are synchronous, so a job seen by a client is normally ready. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Job(
        String jobId,
        String websiteId,
        String status,
        @JsonInclude(JsonInclude.Include.ALWAYS) String currentPhase,
        @JsonInclude(JsonInclude.Include.ALWAYS) String progressMessage,
        String pageUrl,
        Integer attempt,
        String statusUrl) {
}
