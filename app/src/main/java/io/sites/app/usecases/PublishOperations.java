package io.sites.app.usecases;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.json.CreateUploadsRequest;
import io.sites.api.json.CreateUploadsResult;
import io.sites.api.json.DryRunResult;
import io.sites.api.json.MissingDigestsRequest;
import io.sites.api.json.MissingDigestsResult;
import io.sites.api.json.PublishVersionRequest;
import io.sites.api.json.PublishVersionResult;
import io.sites.api.json.PublishWebsiteRequest;
import io.sites.api.json.PublishWebsiteResult;
import io.sites.api.json.UploadFilesRequest;
import io.sites.api.json.UploadFilesResult;
import io.sites.api.json.UploadReceived;
import io.sites.api.json.UploadSlot;
import io.sites.app.SiteUrls;
import io.sites.bundle.DecodedContent;
import io.sites.bundle.FileInput;
import io.sites.command.limits.FetchRateLimit;
import io.sites.command.limits.WebsiteLimit;
import io.sites.command.publish.BundleCheck;
import io.sites.command.publish.FileBatches;
import io.sites.command.publish.MissingDigests;
import io.sites.command.publish.NewVersion;
import io.sites.command.publish.NewWebsite;
import io.sites.command.publish.PublishService;
import io.sites.command.publish.PublishedVersion;
import io.sites.command.publish.PublishedWebsite;
import io.sites.command.remote.Uploads;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Publishing, whichever door it comes through: createWebsite, createWebsiteVersion, their dry runs (an extension),
 * createUploads and the upload PUT, over {@link PublishService} and {@link Uploads}. Every publish is timed
 * ({@link PublishTimer}). REST and MCP hand over the interface's bodies (mapped once, by {@link PublishRequests});
 * the web application's pages hand over the files they unpacked.
 */
@Component
public class PublishOperations {
    /** Where a putUrl points: the tokenless PUT of an upload slot, whose secret ends the path. */
    public static final String PUT_PATH = "/uploads/";

    private final PublishService publishing;
    private final Uploads uploads;
    private final WebsiteLimit websiteLimit;
    private final FetchRateLimit fetchLimit;
    private final SiteUrls urls;
    private final PublishTimer timer;
    private final MissingDigests missingDigests;
    private final FileBatches batches;

    PublishOperations(PublishService publishing, Uploads uploads, WebsiteLimit websiteLimit, FetchRateLimit fetchLimit,
            SiteUrls urls, PublishTimer timer, MissingDigests missingDigests, FileBatches batches) {
        this.batches = batches;
        this.missingDigests = missingDigests;
        this.publishing = publishing;
        this.uploads = uploads;
        this.websiteLimit = websiteLimit;
        this.fetchLimit = fetchLimit;
        this.urls = urls;
        this.timer = timer;
    }

    /** The sourceUrl fetches an account may make in an hour, for the texts that name the limit. */
    public int fetchesPerHour() {
        return fetchLimit.perHour();
    }

    /** The websites an account may own. */
    public int maxWebsites() {
        return websiteLimit.max();
    }

    /** Whether an account that owns {@code owned} websites may create another. */
    public boolean allowsAnotherWebsite(int owned) {
        return websiteLimit.allowsAnother(owned);
    }

    /** createWebsite: version 1, live when this returns. */
    public PublishWebsiteResult createWebsite(Actor caller, PublishWebsiteRequest request) {
        return createWebsite(caller, request, Map.of());
    }

    /** createWebsite with the inline content of some files already decoded by the adapter, by index in files. */
    public PublishWebsiteResult createWebsite(Actor caller, PublishWebsiteRequest request,
            Map<Integer, DecodedContent> decoded) {
        return createWebsite(caller, PublishRequests.website(request, decoded));
    }

    /**
     * createWebsite from files a page unpacked: {@code name} and {@code slug} as typed (null when left empty), no
     * description or message.
     */
    public PublishWebsiteResult createWebsite(Actor caller, String name, String category, String slug,
            List<FileInput> files) {
        return createWebsite(caller, new NewWebsite(name, category, null, slug, files));
    }

    private PublishWebsiteResult createWebsite(Actor caller, NewWebsite website) {
        PublishedWebsite published = timer.time("createWebsite", () -> publishing.createWebsite(caller, website));
        return new PublishWebsiteResult(published.websiteId().value(), published.jobId().value(),
                published.version(), published.slug(), urls.page(published.slug()),
                urls.preview(published.websiteId(), published.version(), published.slug()), published.bytesWritten(),
                published.warnings());
    }

    /** createWebsiteVersion: a complete replacement bundle, live when this returns unless promote is false. */
    public PublishVersionResult createWebsiteVersion(Actor caller, String websiteId,
            PublishVersionRequest request) {
        return createWebsiteVersion(caller, websiteId, request, Map.of());
    }

    /** createWebsiteVersion with some contents already decoded, as {@link #createWebsite}. */
    public PublishVersionResult createWebsiteVersion(Actor caller, String websiteId,
            PublishVersionRequest request, Map<Integer, DecodedContent> decoded) {
        return createWebsiteVersion(caller, websiteId, PublishRequests.version(request, decoded));
    }

    /** createWebsiteVersion from files a page unpacked: a complete bundle; {@code message} null when left empty. */
    public PublishVersionResult createWebsiteVersion(Actor caller, String websiteId, List<FileInput> files,
            String message, boolean promote) {
        return createWebsiteVersion(caller, websiteId, new NewVersion(files, message, promote));
    }

    private PublishVersionResult createWebsiteVersion(Actor caller, String websiteId, NewVersion version) {
        PublishedVersion published = timer.time("createWebsiteVersion",
                () -> publishing.publishVersion(caller, websiteId, version));
        return new PublishVersionResult(published.websiteId().value(), published.jobId().value(),
                published.version(), published.current(), urls.page(published.slug()),
                urls.preview(published.websiteId(), published.version(), published.slug()), published.bytesWritten(),
                published.warnings());
    }

    /**
     * createWebsite with {@code dryRun=true} (an extension): every check of the publish, nothing recorded. Problems
     * that are not the bundle's (fields, a taken slug, the website limit) fail as the publish would.
     */
    public DryRunResult checkWebsite(AccountId caller, PublishWebsiteRequest request,
            Map<Integer, DecodedContent> decoded) {
        return dryRun(publishing.checkWebsite(caller, PublishRequests.website(request, decoded)));
    }

    /** createWebsiteVersion with {@code dryRun=true}: as {@link #checkWebsite}; an unseen website is 404. */
    public DryRunResult checkWebsiteVersion(AccountId caller, String websiteId, PublishVersionRequest request,
            Map<Integer, DecodedContent> decoded) {
        return dryRun(publishing.checkVersion(caller, websiteId, PublishRequests.version(request, decoded)));
    }

    private static DryRunResult dryRun(BundleCheck check) {
        return new DryRunResult(check.valid(), check.violations(), check.warnings(), check.files(), check.bytes());
    }

    /** createUploads: one slot per path, its putUrl the credential for the tokenless PUT. */
    public CreateUploadsResult createUploads(AccountId caller, CreateUploadsRequest request) {
        return new CreateUploadsResult(uploads.allocate(caller, request).stream()
                .map(slot -> new UploadSlot(slot.path(), slot.uploadKey(), urls.api(PUT_PATH + slot.secret()),
                        slot.contentType(), slot.expiresAt().toString()))
                .toList());
    }

    /** findMissingDigests: which of these digests a publish by the caller (to the website, if named) must send. */
    public MissingDigestsResult findMissingDigests(AccountId caller, MissingDigestsRequest request) {
        return new MissingDigestsResult(missingDigests.missing(caller, request.websiteId(), request.sha256()));
    }

    /**
     * uploadFiles: files sent ahead of a publish, stored for the caller, who may then name them by digest; some
     * contents already decoded while the body was read, as {@link #createWebsite}.
     */
    public UploadFilesResult uploadFiles(AccountId caller, UploadFilesRequest request,
            Map<Integer, DecodedContent> decoded) {
        List<UploadFilesResult.StoredFile> files = batches.store(caller, PublishRequests.batchFiles(request, decoded))
                .stream().map(file -> new UploadFilesResult.StoredFile(file.path(), file.contentType(), file.size(),
                        file.sha256())).toList();
        return new UploadFilesResult(files, files.stream().mapToLong(UploadFilesResult.StoredFile::size).sum());
    }

    /** The PUT to a putUrl: the body streamed to the blob store as it arrives, never held. */
    public UploadReceived receiveUpload(String secret, String contentType, long contentLength, InputStream body)
            throws IOException {
        Uploads.Received received = uploads.receive(secret, contentType, contentLength, body);
        return new UploadReceived(received.uploadKey(), received.path(), received.blob().size(),
                received.blob().sha256());
    }
}
