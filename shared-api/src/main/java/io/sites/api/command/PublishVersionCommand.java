package io.sites.api.command;

import io.sites.api.code.Warning;
import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.JobId;
import io.sites.api.id.WebsiteId;
import io.sites.api.site.ManifestEntry;
import java.util.List;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Adds a version to a website; the aggregate numbers it. Its blobs are already stored. With
 * {@code ifCurrentVersion} the aggregate refuses it unless that version is live, in the same decision.
 */
public record PublishVersionCommand(
        @TargetAggregateIdentifier WebsiteId websiteId,
        AccountId publishedBy,
        JobId jobId,
        String message,
        boolean promote,
        List<ManifestEntry> files,
        List<Warning> warnings,
        Actor actor,
        Integer ifCurrentVersion) {

    public PublishVersionCommand {
        Actor.requireAccount(actor, publishedBy);
        files = List.copyOf(files);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    /** Without a condition on the live version. */
    public PublishVersionCommand(WebsiteId websiteId, AccountId publishedBy, JobId jobId, String message,
            boolean promote, List<ManifestEntry> files, List<Warning> warnings, Actor actor) {
        this(websiteId, publishedBy, jobId, message, promote, files, warnings, actor, null);
    }

    /** The old shape: no warnings, and an account whose door is not recorded (tests, fixtures). */
    public PublishVersionCommand(WebsiteId websiteId, AccountId publishedBy, JobId jobId, String message,
            boolean promote, List<ManifestEntry> files) {
        this(websiteId, publishedBy, jobId, message, promote, files, List.of(), Actor.unrecorded(publishedBy));
    }

    /** What the aggregate answers: the number it gave the version, and the website's slug. */
    public record Outcome(int version, String slug) {
    }
}
