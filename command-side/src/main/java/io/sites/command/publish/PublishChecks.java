package io.sites.command.publish;

import io.sites.api.id.AccountId;
import io.sites.api.Category;
import io.sites.api.site.ManifestEntry;
import io.sites.api.command.MayPublishCommand;
import io.sites.api.code.Violation;
import io.sites.api.code.ViolationCode;
import io.sites.api.site.Slug;
import io.sites.api.id.WebsiteId;
import io.sites.bundle.Bundle;
import io.sites.bundle.BundleInvalidException;
import io.sites.bundle.BundleReader;
import io.sites.bundle.FileInput;
import io.sites.bundle.FileSource;
import io.sites.bundle.rules.PathRules;
import io.sites.api.blob.BlobStore;
import io.sites.command.remote.AccountBlobs;
import io.sites.command.remote.FindingsByContent;
import io.sites.command.limits.RequestInvalidException;
import io.sites.command.limits.WebsiteLimit;
import io.sites.command.remote.PublishRemoteFiles;
import io.sites.command.remote.SourceFetches;
import io.sites.command.remote.Uploads;
import io.sites.command.website.SlugClaims;
import io.sites.command.website.SlugTakenException;
import io.sites.command.website.VersionNotFoundException;
import io.sites.command.website.WebsiteNotFoundException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
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
    private final AccountBlobs accountBlobs;
    private final WebsiteManifests manifests;
    private final BlobStore blobs;
    private final FindingsByContent findings;

    PublishChecks(BundleReader bundles, SlugClaims slugs, WebsiteLimit websiteLimit, Uploads uploads,
            SourceFetches fetches, CommandGateway commands, AccountBlobs accountBlobs, WebsiteManifests manifests,
            BlobStore blobs, FindingsByContent findings) {
        this.findings = findings;
        this.accountBlobs = accountBlobs;
        this.manifests = manifests;
        this.blobs = blobs;
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
        checkLength(fields, "message", request.message(), MESSAGE_MAX);
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
        WebsiteSettingsChanges.retainProblem(request.retainVersions())
                .ifPresent(problem -> fields.put("retainVersions", problem));
        Read read = read(owner, fields, request.files(), List.of(), Map.of(), dryRun);
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
        WebsiteId id = new WebsiteId(websiteId);
        boolean history = request.baseVersion() != null
                || request.files().stream().anyMatch(f -> f != null && f.source() instanceof FileSource.StoredBlob);
        if (dryRun || history) {
            // A publish learns this from its command, after the bundle; a dry run asks first, so that a website
            // the caller cannot see is a 404 (not a bundle problem) and costs no fetch. So does a publish that
            // reads the website's history: a stranger learns nothing of it.
            try {
                commands.sendAndWait(new MayPublishCommand(id, caller));
            } catch (AggregateNotFoundException missing) {
                throw new WebsiteNotFoundException(id);
            }
        }
        Map<String, String> fields = new LinkedHashMap<>();
        checkLength(fields, "message", request.message(), MESSAGE_MAX);
        List<FileInput> files = request.files();
        List<Violation> edits = new ArrayList<>();
        if (request.baseVersion() != null) {
            List<ManifestEntry> base = manifests.manifest(id, request.baseVersion())
                    .orElseThrow(() -> new VersionNotFoundException(id, request.baseVersion()));
            files = edited(base, request, edits, fields);
        } else if (!request.deletePaths().isEmpty()) {
            fields.put("deletePaths", "Only with baseVersion: name the version whose files the others carry over.");
        }
        Map<String, Long> websiteBlobs = history ? manifests.named(id, digests(files)) : Map.of();
        return read(caller, fields, files, edits, websiteBlobs, dryRun);
    }

    /** The digests the files name, an edit's carried-over files among them. */
    private static Set<String> digests(List<FileInput> files) {
        return files.stream().filter(f -> f != null && f.source() instanceof FileSource.StoredBlob)
                .map(f -> ((FileSource.StoredBlob) f.source()).sha256())
                .collect(Collectors.toCollection(HashSet::new));
    }

    /**
     * The bundle of an edit: the files sent, then every file of the base that is neither replaced nor deleted, by
     * its digest and with its content type, so the whole is read and checked as any bundle is.
     */
    private static List<FileInput> edited(List<ManifestEntry> base, NewVersion request, List<Violation> edits,
            Map<String, String> fields) {
        Set<String> sent = new HashSet<>();
        request.files().forEach(f -> {
            if (f != null && f.path() != null) {
                sent.add(normalized(f.path()));
            }
        });
        Set<String> basePaths = new HashSet<>();
        base.forEach(f -> basePaths.add(f.path()));
        Set<String> deleted = new HashSet<>();
        for (String path : request.deletePaths()) {
            String p = path == null ? null : normalized(path);
            if (p == null || !basePaths.contains(p)) {
                edits.add(Violation.of(ViolationCode.UNKNOWN_DELETE_PATH, path,
                        "deletePaths names " + (path == null ? "null" : "\"" + path + "\"") + ", which version "
                                + request.baseVersion() + " does not have.",
                        "Remove it from deletePaths, or spell it as the version's files list it."));
            } else if (sent.contains(p)) {
                fields.put("deletePaths", "\"" + path + "\" is also in files: either replace it or delete it.");
            } else {
                deleted.add(p);
            }
        }
        List<FileInput> files = new ArrayList<>(request.files());
        for (ManifestEntry f : base) {
            if (!sent.contains(f.path()) && !deleted.contains(f.path())) {
                files.add(new FileInput(f.path(), f.contentType(), new FileSource.StoredBlob(f.sha256())));
            }
        }
        return files;
    }

    private static String normalized(String path) {
        PathRules.Checked checked = PathRules.check(path);
        return checked.normalized() != null ? checked.normalized() : path;
    }

    /** The bundle read and its verdict; {@code bundle} is null only for a dry run's refused bundle. */
    record Read(BundleCheck check, Bundle bundle) {
    }

    /**
     * @param edits       violations of an edit's own (deletePaths), reported before the bundle's
     * @param websiteBlobs the digests the files name that the website's versions hold, which its publishes may name
     */
    private Read read(AccountId caller, Map<String, String> fields, List<FileInput> files, List<Violation> edits,
            Map<String, Long> websiteBlobs, boolean dryRun) {
        if (files.isEmpty()) {
            fields.put("files", "Required: at least one file, and index.html among them.");
            throw new RequestInvalidException(fields, edits);
        }
        Set<String> named = digests(files);
        named.removeIf(websiteBlobs::containsKey);
        PublishRemoteFiles.Digests digests = new PublishRemoteFiles.Digests(accountBlobs, websiteBlobs, named,
                named.isEmpty() ? Map.of() : accountBlobs.findAll(caller, named), blobs);
        Bundle bundle = null;
        BundleInvalidException refused = null;
        try (PublishRemoteFiles remote = PublishRemoteFiles.open(caller, uploads, fetches, digests, findings,
                dryRun)) {
            bundle = bundles.read(files, remote);
        } catch (BundleInvalidException invalid) {
            refused = invalid;
        }
        if (refused == null && edits.isEmpty()) {
            if (!fields.isEmpty()) {
                throw new RequestInvalidException(fields, List.of());
            }
            return new Read(BundleCheck.valid(bundle.warnings(), bundle.files().size(), bundle.totalBytes()), bundle);
        }
        List<Violation> violations = new ArrayList<>(edits);
        if (refused != null) {
            violations.addAll(refused.violations());
        }
        var warnings = refused != null ? refused.warnings() : bundle.warnings();
        long bytes = refused != null ? refused.bytes() : bundle.totalBytes();
        if (!dryRun || !fields.isEmpty()) {
            throw new RequestInvalidException(fields, violations, warnings);
        }
        return new Read(BundleCheck.invalid(violations, warnings, files.size(), bytes), null);
    }

    private static void checkLength(Map<String, String> fields, String field, String value, int max) {
        if (value != null && value.codePointCount(0, value.length()) > max) {
            fields.put(field, "At most " + max + " characters; this one has "
                    + value.codePointCount(0, value.length()) + ".");
        }
    }
}
