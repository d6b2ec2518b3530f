package io.sites.api.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.sites.api.code.Warning;
import java.util.List;

/**
 * A publish job. Publishes through the API are synchronous, so a job seen by a client is normally ready.
 * {@code warnings} (an extension): what the bundle was published with, absent when none. {@code previewUrl} (an
 * addition): the job's version at its own host with a 7-day grant, once the job is ready.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Job(
        String jobId,
        String websiteId,
        String status,
        @JsonInclude(JsonInclude.Include.ALWAYS) String currentPhase,
        @JsonInclude(JsonInclude.Include.ALWAYS) String progressMessage,
        String pageUrl,
        String previewUrl,
        Integer attempt,
        String statusUrl,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Warning> warnings) {
}
