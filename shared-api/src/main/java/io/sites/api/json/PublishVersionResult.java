package io.sites.api.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.sites.api.code.Warning;
import java.util.List;

/**
 * createWebsiteVersion's 201; {@code warnings} (an extension) is absent when the bundle has none. {@code previewUrl}
 * (an addition): the new version at its own host, with a grant that opens it for anyone who has the link, for 7 days,
 * whether it is live or only stored.
 */
public record PublishVersionResult(
        String websiteId,
        String jobId,
        int version,
        @JsonProperty("isCurrent") boolean isCurrent,
        String pageUrl,
        String previewUrl,
        long bytesWritten,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Warning> warnings) {

    public PublishVersionResult {
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }
}
