package io.sites.api.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.sites.api.Warning;
import java.util.List;

/** createWebsiteVersion's 201; {@code warnings} (an extension) is absent when the bundle has none. */
public record PublishVersionResult(
        String websiteId,
        String jobId,
        int version,
        @JsonProperty("isCurrent") boolean isCurrent,
        String pageUrl,
        long bytesWritten,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Warning> warnings) {

    public PublishVersionResult {
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }
}
