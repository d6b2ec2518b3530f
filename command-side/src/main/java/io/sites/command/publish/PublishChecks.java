package io.sites.command.publish;

import io.sites.api.AccountId;
import io.sites.api.Category;
import io.sites.api.MayPublishCommand;
import io.sites.api.Slug;
import io.sites.api.WebsiteId;
import io.sites.bundle.Bundle;
import io.sites.bundle.BundleInvalidException;
import io.sites.bundle.BundleReader;
import io.sites.bundle.FileInput;
import io.sites.command.limits.RequestInvalidException;
import io.sites.command.limits.WebsiteLimit;
import io.sites.command.remote.PublishRemoteFiles;
import io.sites.command.remote.SourceFetches;
import io.sites.command.remote.Uploads;
import io.sites.command.website.SlugClaims;
import io.sites.command.website.SlugTakenException;
import io.sites.command.website.WebsiteNotFoundException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.springframework.stereotype.Component;

/**
 * The read-and-check half of a publish, the same for a real one and a dry run: the request's fields, the bundle
 * (remote files resolved, upload slots read but not used up), slug availability and the website limit, in the order
 * the publish meets them. A dry run differs only where it must: its sourceUrl fetches land in scratch storage, it
 * asks the website whether the caller may publish before reading (a publish learns that from its command), and a
 * bundle refused for its violations alone is its answer rather than an exception.
 */
@Component
class PublishChecks {
    static final int NAME_MAX = 120;
    static final int DESCRIPTION_MAX = 5000;
    static final int MESSAGE_MAX = 2000;

    private final BundleReader bundles;
    private final SlugClaims slugs;
    private final WebsiteLimit websiteLimit;
    private final Uploads uploads;
    private final SourceFetches fetches;
    private final CommandGateway commands;

    PublishChecks(BundleReader bundles, SlugClaims slugs, WebsiteLimit websiteLimit, Uploads uploads,
            SourceFetches fetches, CommandGateway commands) {
        this.bundles = bundles;
        this.slugs = slugs;
        this.websiteLimit = websiteLimit;
        this.uploads = uploads;
        this.fetches = fetches;
        this.commands = commands;
    }

    /** A website request that passed (or, in a dry run, a bundle that broke rules: then {@code name} is null). */
    record CheckedWebsite(BundleCheck check, Bundle bundle, String name, Category category) {
    }

    CheckedWebsite website(AccountId owner, NewWebsite request, boolean dryRun) {
        Map<String, String> fields = new LinkedHashMap<>();
        checkLength(fields, "name", request.name(), NAME_MAX);
        checkLength(fields, "description", request.description(), DESCRIPTION_MAX);
        Category category = null;
        if (request.category() == null || request.category().isBlank()) {
            fields.put("category", "Required. One of: " + Category.allowed() + ".");
        } else {
            category = Category.parse(request.category()).orElse(null);
            if (category == null) {
                fields.put("category", "Unknown category '" + request.category() + "'. One of: "
                        + Category.allowed() + ".");
            }
        }
        if (request.slug() != null) {
            Slug.problem(request.slug()).ifPresent(problem -> fields.put("slug", problem));
        }
        Read read = read(owner, fields, request.files(), dryRun);
        if (read.bundle() == null) {
            return new CheckedWebsite(read.check(), null, null, null);
        }
        String name = request.name() != null && !request.name().isBlank() ? request.name().strip()
                : request.slug() != null ? request.slug() : "Untitled website";
        if (request.slug() != null && !slugs.isFree(request.slug())) {
            throw new SlugTakenException(request.slug());
        }
        websiteLimit.requireRoom(owner);
        return new CheckedWebsite(read.check(), read.bundle(), name, category);
    }

    /** A version request's checks; the bundle is null when a dry run found it breaking rules. */
    Read version(AccountId caller, String websiteId, NewVersion request, boolean dryRun) {
        if (!WebsiteId.isWellFormed(websiteId)) {
            throw new WebsiteNotFoundException(websiteId);
        }
        if (dryRun) {
            // A publish learns this from its command, after the bundle; a dry run asks first, so that a website
            // the caller cannot see is a 404 (not a bundle problem) and costs no fetch.
            WebsiteId id = new WebsiteId(websiteId);
            try {
                commands.sendAndWait(new MayPublishCommand(id, caller));
            } catch (AggregateNotFoundException missing) {
                throw new WebsiteNotFoundException(id);
            }
        }
        Map<String, String> fields = new LinkedHashMap<>();
        checkLength(fields, "message", request.message(), MESSAGE_MAX);
        return read(caller, fields, request.files(), dryRun);
    }

    /** The bundle read and its verdict; {@code bundle} is null only for a dry run's refused bundle. */
    record Read(BundleCheck check, Bundle bundle) {
    }

    private Read read(AccountId caller, Map<String, String> fields, List<FileInput> files, boolean dryRun) {
        if (files.isEmpty()) {
            fields.put("files", "Required: at least one file, and index.html among them.");
            throw new RequestInvalidException(fields, List.of());
        }
        try (PublishRemoteFiles remote = PublishRemoteFiles.open(caller, uploads, fetches, dryRun)) {
            Bundle bundle = bundles.read(files, remote);
            if (!fields.isEmpty()) {
                throw new RequestInvalidException(fields, List.of());
            }
            return new Read(BundleCheck.valid(bundle.warnings(), bundle.files().size(), bundle.totalBytes()), bundle);
        } catch (BundleInvalidException invalid) {
            if (!dryRun || !fields.isEmpty()) {
                throw new RequestInvalidException(fields, invalid.violations(), invalid.warnings());
            }
            return new Read(BundleCheck.invalid(invalid.violations(), invalid.warnings(), files.size(),
                    invalid.bytes()), null);
        }
    }

    private static void checkLength(Map<String, String> fields, String field, String value, int max) {
        if (value != null && value.codePointCount(0, value.length()) > max) {
            fields.put(field, "At most " + max + " characters; this one has "
                    + value.codePointCount(0, value.length()) + ".");
        }
    }
}
