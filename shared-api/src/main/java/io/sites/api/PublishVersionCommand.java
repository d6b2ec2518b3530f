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
        List<ManifestEntry> files) {

    public PublishVersionCommand {
        files = List.copyOf(files);
    }

    /** What the aggregate answers: the number it gave the version, and the website's slug. */
    public record Outcome(int version, String slug) {
    }
}
