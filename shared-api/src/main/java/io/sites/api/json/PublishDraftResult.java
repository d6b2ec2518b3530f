package io.sites.api.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.sites.api.code.Warning;
import java.util.List;

/**
 * publishDraft's answer (201): the draft's address, when it expires, and how to keep it: {@code claimUrl} for a
 * signed-in person in the web application, {@code claimToken} for {@code POST /v1/drafts/{websiteId}/claim}.
 */
public record PublishDraftResult(
        String websiteId,
        String slug,
        String url,
        String expiresAt,
        String claimUrl,
        String claimToken,
        long bytesWritten,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Warning> warnings) {

    public PublishDraftResult {
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }
}
