package io.sites.api.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.sites.api.code.Warning;
import java.util.List;

/**
 * createWebsite's 201; {@code warnings} (an extension) is absent when the bundle has none. {@code previewUrl} (an
 * addition): the version at its own host, with a grant that opens it for anyone who has the link, for 7 days.
 */
public record PublishWebsiteResult(
        String websiteId,
        String jobId,
        int version,
        String slug,
        String pageUrl,
        String previewUrl,
        long bytesWritten,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Warning> warnings) {

    public PublishWebsiteResult {
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }
}
