package io.sites.command.publish;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.Category;
import io.sites.api.command.CreateWebsiteCommand;
import io.sites.api.id.JobId;
import io.sites.api.site.ManifestEntry;
import io.sites.api.command.PublishVersionCommand;
import io.sites.api.site.Slug;
import io.sites.api.id.WebsiteId;
import io.sites.api.blob.BlobRef;
import io.sites.bundle.Bundle;
import io.sites.bundle.ContentKey;
import io.sites.bundle.rules.FileFindings;
import io.sites.bundle.FileInput;
import io.sites.bundle.FileSource;
import io.sites.command.limits.DryRunRateLimit;
import io.sites.command.limits.PublishRateLimit;
import io.sites.command.limits.StorageQuota;
import io.sites.command.remote.AccountBlobs;
import io.sites.command.remote.FindingsByContent;
import io.sites.command.remote.Uploads;
import io.sites.command.website.SlugClaims;
import io.sites.command.website.SlugTakenException;
import io.sites.command.website.WebsiteNotFoundException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.ConcurrencyException;
import io.sites.command.remote.BlobsGoneException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.TransactionException;

/**
 * The one publish path of every entry point (REST, MCP, web application): check the request and the bundle
 * ({@link PublishChecks}), store the bytes, then let the aggregate decide. All I/O happens here, before the
 * command, so the aggregate stays pure and an acknowledged version never points at a missing blob. A dry run
 * ({@link #checkWebsite}, {@link #checkVersion}) is the same checks and stops before anything is counted, claimed,
 * stored or sent.
 */
@Service
public class PublishService {
    private static final Logger log = LoggerFactory.getLogger(PublishService.class);
    private static final int SLUG_ATTEMPTS = 50;
    private static final int CONCURRENCY_RETRIES = 5;
    private static final int BLOB_RETRIES = 3;

    private final CommandGateway commands;
    private final PublishChecks checks;
    private final BundleStorage storage;
    private final SlugClaims slugs;
    private final ReadModels readModels;
    private final PublishRateLimit rateLimit;
    private final DryRunRateLimit dryRunLimit;
    private final Uploads uploads;
    private final AccountBlobs accountBlobs;
    private final StorageQuota storageQuota;
    private final FindingsByContent findings;

    PublishService(CommandGateway commands, PublishChecks checks, BundleStorage storage, SlugClaims slugs,
            ReadModels readModels, PublishRateLimit rateLimit, DryRunRateLimit dryRunLimit, Uploads uploads,
            AccountBlobs accountBlobs, ObjectProvider<StorageQuota> storageQuota, FindingsByContent findings) {
        this.findings = findings;
        this.accountBlobs = accountBlobs;
        this.storageQuota = storageQuota.getIfAvailable(StorageQuota::none);
        this.commands = commands;
        this.checks = checks;
        this.storage = storage;
        this.slugs = slugs;
        this.readModels = readModels;
        this.rateLimit = rateLimit;
        this.dryRunLimit = dryRunLimit;
        this.uploads = uploads;
    }

    /** createWebsite: version 1, live when this returns. */
    public PublishedWebsite createWebsite(Actor actor, NewWebsite request) {
        AccountId owner = actor.accountId();
        PublishChecks.CheckedWebsite checked = checks.website(owner, request, false);
        Bundle bundle = checked.bundle();
        return publish(owner, null, request.files(), bundle, (manifest, jobId) -> createWebsite(actor, request, bundle,
                manifest, checked.name(), checked.category(), jobId), PublishedWebsite::websiteId);
    }

    /**
     * createWebsite's dry run: every check of {@link #createWebsite}, and nothing recorded — no event, slug claim,
     * upload slot used, publish counted or blob stored. Failures other than the bundle's are thrown as there.
     */
    public BundleCheck checkWebsite(AccountId owner, NewWebsite request) {
        dryRunLimit.acquire(owner);
        return checks.website(owner, request, true).check();
    }

    private PublishedWebsite createWebsite(Actor actor, NewWebsite request, Bundle bundle,
            List<ManifestEntry> manifest, String name, Category category, JobId jobId) {
        WebsiteId websiteId = WebsiteId.generate();
        String description = request.description() == null || request.description().isBlank() ? null
                : request.description();
        String message = request.message() == null || request.message().isBlank() ? null : request.message();

        String slug = request.slug() != null ? request.slug() : null;
        String base = slug == null ? Slug.base(name) : null;
        for (int attempt = 1; ; attempt++) {
            String candidate = slug != null ? slug : freeCandidate(base, attempt);
            try {
                commands.sendAndWait(new CreateWebsiteCommand(websiteId, actor.accountId(), name, candidate,
                        category, description, jobId, manifest, bundle.warnings(), actor, message,
                        request.retainVersions(), request.draftExpiresAt()));
                return new PublishedWebsite(websiteId, jobId, 1, candidate, bundle.totalBytes(), bundle.warnings());
            } catch (SlugTakenException taken) {
                // An explicit slug is the client's choice: 409. A derived one moves on to the next suffix.
                if (slug != null || attempt >= SLUG_ATTEMPTS) {
                    throw taken;
                }
            }
        }
    }

    /**
     * createWebsiteVersion: a complete replacement bundle, or the changes to a base version, live when this returns
     * unless not promoted.
     */
    public PublishedVersion publishVersion(Actor actor, String websiteId, NewVersion request) {
        AccountId caller = actor.accountId();
        Bundle bundle = checks.version(caller, websiteId, request, false).bundle();
        return publish(caller, new WebsiteId(websiteId), request.files(), bundle, (manifest, jobId) ->
                publishVersion(actor, websiteId, request, bundle, manifest, jobId), PublishedVersion::websiteId);
    }

    /**
     * createWebsiteVersion's dry run, as {@link #checkWebsite}; a website the caller cannot see is a
     * {@link WebsiteNotFoundException}, before the bundle is read.
     */
    public BundleCheck checkVersion(AccountId caller, String websiteId, NewVersion request) {
        dryRunLimit.acquire(caller);
        return checks.version(caller, websiteId, request, true).check();
    }

    private PublishedVersion publishVersion(Actor actor, String websiteId, NewVersion request, Bundle bundle,
            List<ManifestEntry> manifest, JobId jobId) {
        boolean promote = request.promote();
        String message = request.message() == null || request.message().isBlank() ? null : request.message();
        WebsiteId id = new WebsiteId(websiteId);
        PublishVersionCommand command = new PublishVersionCommand(id, actor.accountId(), jobId, message, promote,
                manifest, bundle.warnings(), actor, request.ifCurrentVersion());
        for (int attempt = 1; ; attempt++) {
            try {
                PublishVersionCommand.Outcome outcome = commands.sendAndWait(command);
                return new PublishedVersion(id, jobId, outcome.version(), promote, outcome.slug(),
                        bundle.totalBytes(), bundle.warnings());
            } catch (ConcurrencyException raced) {
                // Another replica appended to this website first; the retry numbers this version after it.
                if (attempt >= CONCURRENCY_RETRIES) {
                    throw raced;
                }
            } catch (AggregateNotFoundException missing) {
                throw new WebsiteNotFoundException(id);
            }
        }
    }

    /** What a publish does once its bundle is stored: send its command under the job's id, and say what it made. */
    @FunctionalInterface
    private interface Send<T> {
        T send(List<ManifestEntry> manifest, JobId jobId);
    }

    /**
     * The sequence every publish shares after its checks: count it, claim its upload slots, store its bytes, send
     * check the account's storage quota, send its command ({@code send}), and settle what it published on
     * {@code website}'s projections. {@code target}: the website published to, null for a new one.
     */
    private <T> T publish(AccountId publisher, WebsiteId target, List<FileInput> files, Bundle bundle, Send<T> send,
            Function<T, WebsiteId> website) {
        rateLimit.acquire(publisher);
        JobId jobId = JobId.generate();
        uploads.claim(publisher, slotClaims(files, bundle), jobId.value());
        List<ManifestEntry> manifest;
        T published;
        try {
            for (int attempt = 1; ; attempt++) {
                try {
                    manifest = storage.store(bundle);
                    storageQuota.check(publisher, target, manifest.stream()
                            .map(f -> new BlobRef(f.sha256(), f.size())).toList());
                    published = send.send(manifest, jobId);
                    break;
                } catch (BlobsGoneException gone) {
                    // The collector removed a blob between our write (which found it stored) and the event: bytes
                    // we hold are written again; a blob we only named is gone for good (docs: the life of a blob).
                    if (attempt >= BLOB_RETRIES || !BlobLoss.restorable(bundle, gone)) {
                        throw BlobLoss.unknownDigests(bundle, gone);
                    }
                }
            }
        } catch (RuntimeException failed) {
            // The slots are only used up by a publish that happened; a failed one gives them back for the retry.
            uploads.release(jobId.value());
            throw failed;
        }
        settle(publisher, manifest, bundle, website.apply(published));
        return published;
    }

    private String freeCandidate(String base, int attempt) {
        for (int n = attempt; ; n++) {
            String candidate = Slug.candidate(base, n);
            if (Slug.isValid(candidate) && slugs.isFree(candidate)) {
                return candidate;
            }
        }
    }

    /**
     * The upload slots of this publish with the blob each was read as. A valid bundle has one file per request
     * file, in the same order, so the two lists pair up by index.
     */
    private static List<Uploads.Claim> slotClaims(List<FileInput> files, Bundle bundle) {
        List<Uploads.Claim> claims = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            FileInput file = files.get(i);
            if (file.source() instanceof FileSource.UploadKey upload) {
                claims.add(new Uploads.Claim(file.path(), upload.key(), bundle.files().get(i).stored().sha256()));
            }
        }
        return claims;
    }

    /**
     * After the command accepted the version: the account may name its files by digest from now on, and the
     * website's projections catch up (read-your-writes). Nothing here turns the publish into an error: the version
     * is stored, and a client told otherwise would publish it again. The digests only once the version is accepted,
     * so a refused publish (a taken slug, a version conflict) leaves no trace; if recording them fails (or the
     * process dies first) the client pays no more than sending those bytes again (UNKNOWN_DIGEST tells it which).
     */
    private void settle(AccountId publisher, List<ManifestEntry> manifest, Bundle bundle, WebsiteId website) {
        try {
            accountBlobs.record(publisher, manifest.stream().map(f -> new BlobRef(f.sha256(), f.size())).toList());
        } catch (DataAccessException | TransactionException failed) {
            log.warn("Website {}: version stored, its digests not recorded for the account: {}", website,
                    failed.toString());
        }
        keepFindings(publisher, manifest, bundle, website);
        readModels.awaitWebsite(website);
    }

    /**
     * The findings of the files this publish read and checked, kept by content for the account's later publishes
     * (each file's blob is stored now, so the manifest has its digest). Failing costs only a re-check later.
     */
    private void keepFindings(AccountId publisher, List<ManifestEntry> manifest, Bundle bundle, WebsiteId website) {
        if (bundle.checked().isEmpty()) {
            return;
        }
        Map<ContentKey, FileFindings> checked = BundleStorage.checkedByContent(bundle, manifest);
        try {
            findings.keep(publisher, checked);
        } catch (DataAccessException | TransactionException failed) {
            log.warn("Website {}: version stored, the findings of its files not kept: {}", website, failed.toString());
        }
    }
}
