package io.sites.api.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * createWebsiteVersion: the complete replacement bundle, or with {@code baseVersion} the changes to that version
 * ({@code files} added or replaced, {@code deletePaths} dropped, every other file carried over). promote defaults to
 * true; {@code ifCurrentVersion} makes the publish fail unless that version is live.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PublishVersionRequest(List<PublishFile> files, String message, Boolean promote, Integer baseVersion,
        List<String> deletePaths, Integer ifCurrentVersion) {

    /** A complete replacement, as interface 1.0.0 has it. */
    public PublishVersionRequest(List<PublishFile> files, String message, Boolean promote) {
        this(files, message, promote, null, null, null);
    }
}
