package io.sites.api;

import java.util.List;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** Adds a version to a website; the aggregate numbers it. Its blobs are already stored. */
public record PublishVersionCommand(
        @TargetAggregateIdentifier WebsiteId websiteId,
        AccountId publishedBy,
        JobId jobId,
        String message,
        boolean promote,
        List<ManifestEntry> files,
        List<Warning> warnings) {

    public PublishVersionCommand {
        files = List.copyOf(files);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    /** A version whose bundle had no warnings. */
    public PublishVersionCommand(WebsiteId websiteId, AccountId publishedBy, JobId jobId, String message,
            boolean promote, List<ManifestEntry> files) {
        this(websiteId, publishedBy, jobId, message, promote, files, List.of());
    }

    /** What the aggregate answers: the number it gave the version, and the website's slug. */
    public record Outcome(int version, String slug) {
    }
}
