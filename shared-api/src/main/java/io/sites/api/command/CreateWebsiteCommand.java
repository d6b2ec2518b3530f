package io.sites.api.command;

import io.sites.api.Category;
import io.sites.api.code.Warning;
import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.JobId;
import io.sites.api.id.WebsiteId;
import io.sites.api.site.ManifestEntry;
import java.time.Instant;
import java.util.List;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Creates a website together with its first version; the slug has been chosen but not yet claimed. {@code message}
 * is version 1's changelog entry, or null; {@code retainVersions} the website's retention setting, or null (unset);
 * {@code draftExpiresAt} makes it an unclaimed draft that expires then, or null for a website like any other.
 */
public record CreateWebsiteCommand(
        @TargetAggregateIdentifier WebsiteId websiteId,
        AccountId owner,
        String name,
        String slug,
        Category category,
        String description,
        JobId jobId,
        List<ManifestEntry> files,
        List<Warning> warnings,
        Actor actor,
        String message,
        Integer retainVersions,
        Instant draftExpiresAt) {

    public CreateWebsiteCommand {
        Actor.requireAccount(actor, owner);
        files = List.copyOf(files);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    /** Not a draft. */
    public CreateWebsiteCommand(WebsiteId websiteId, AccountId owner, String name, String slug, Category category,
            String description, JobId jobId, List<ManifestEntry> files, List<Warning> warnings, Actor actor,
            String message, Integer retainVersions) {
        this(websiteId, owner, name, slug, category, description, jobId, files, warnings, actor, message,
                retainVersions, null);
    }

    /** Without a changelog entry. */
    public CreateWebsiteCommand(WebsiteId websiteId, AccountId owner, String name, String slug, Category category,
            String description, JobId jobId, List<ManifestEntry> files, List<Warning> warnings, Actor actor) {
        this(websiteId, owner, name, slug, category, description, jobId, files, warnings, actor, null, null, null);
    }

    /** Without a retention setting. */
    public CreateWebsiteCommand(WebsiteId websiteId, AccountId owner, String name, String slug, Category category,
            String description, JobId jobId, List<ManifestEntry> files, List<Warning> warnings, Actor actor,
            String message) {
        this(websiteId, owner, name, slug, category, description, jobId, files, warnings, actor, message, null, null);
    }

    /** The old shape: no warnings, and an account whose door is not recorded (tests, fixtures). */
    public CreateWebsiteCommand(WebsiteId websiteId, AccountId owner, String name, String slug, Category category,
            String description, JobId jobId, List<ManifestEntry> files) {
        this(websiteId, owner, name, slug, category, description, jobId, files, List.of(), Actor.unrecorded(owner),
                null, null, null);
    }
}
