package io.sites.app.web;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.query.DiffVersions;
import io.sites.api.query.FindJob;
import io.sites.api.query.FindWebsite;
import io.sites.api.query.HistoryView;
import io.sites.api.id.JobId;
import io.sites.api.JobStatus;
import io.sites.api.query.JobView;
import io.sites.api.query.ListVersions;
import io.sites.api.query.ListWebsites;
import io.sites.api.query.ReadHistory;
import io.sites.api.WebsiteRole;
import io.sites.api.query.VersionDiffView;
import io.sites.api.query.VersionListView;
import io.sites.api.id.VersionNumber;
import io.sites.api.id.WebsiteId;
import io.sites.api.query.WebsiteListView;
import io.sites.api.query.WebsiteView;
import io.sites.api.json.CreateUploadsRequest;
import io.sites.api.json.CreateUploadsResult;
import io.sites.api.json.DryRunResult;
import io.sites.api.json.Job;
import io.sites.api.json.PublishVersionRequest;
import io.sites.api.json.PublishVersionResult;
import io.sites.api.json.PublishWebsiteRequest;
import io.sites.api.json.PublishWebsiteResult;
import io.sites.api.json.UploadSlot;
import io.sites.app.SiteUrls;
import io.sites.app.identity.Accounts;
import io.sites.bundle.DecodedContent;
import io.sites.command.limits.FetchRateLimit;
import io.sites.command.limits.RequestInvalidException;
import io.sites.command.limits.WebsiteLimit;
import io.sites.command.publish.BundleCheck;
import io.sites.command.publish.PublishService;
import io.sites.command.publish.PublishedVersion;
import io.sites.command.publish.PublishedWebsite;
import io.sites.command.publish.WebsiteLifecycle;
import io.sites.command.remote.Uploads;
import io.sites.command.website.SlugSuggestions;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.stereotype.Component;

/**
 * The interface's eight operations and its extensions (promoteVersion, deleteWebsite, diffVersions, getHistory, getMe,
 * the publishes' dry runs) with their spec-shaped results, over the application services (PublishService,
 * WebsiteLifecycle, Uploads, SlugSuggestions) and the query bus. The REST controllers add HTTP (status, Location)
 * and the MCP tools add the tool protocol; neither holds a rule of its own. Failures are exceptions that
 * {@link ApiErrors} maps.
 */
@Component
public class ApiOperations {
    static final int LIST_LIMIT = 50;
    static final int HISTORY_LIMIT_MAX = 100;
    static final int SLUG_VALUE_MAX = 120;
    static final String PUT_PATH = "/uploads/";
    private static final Pattern DIGITS = Pattern.compile("[0-9]+");

    private final PublishService publishing;
    private final Uploads uploads;
    private final SlugSuggestions suggestions;
    private final QueryGateway queries;
    private final Accounts accounts;
    private final WebsiteLimit websiteLimit;
    private final FetchRateLimit fetchLimit;
    private final SiteUrls urls;
    private final WebsiteJson json;
    private final WebsiteLifecycle lifecycle;
    private final PublishTimer timer;

    ApiOperations(PublishService publishing, Uploads uploads, SlugSuggestions suggestions, QueryGateway queries,
            Accounts accounts, WebsiteLimit websiteLimit, FetchRateLimit fetchLimit, SiteUrls urls,
            ApiProperties properties, WebsiteLifecycle lifecycle, PublishTimer timer) {
        this.lifecycle = lifecycle;
        this.timer = timer;
        this.publishing = publishing;
        this.uploads = uploads;
        this.suggestions = suggestions;
        this.queries = queries;
        this.accounts = accounts;
        this.websiteLimit = websiteLimit;
        this.fetchLimit = fetchLimit;
        this.urls = urls;
        this.json = new WebsiteJson(urls, properties.limits().freeChanges());
    }

    /** The sourceUrl fetches an account may make in an hour, for the texts that name the limit. */
    public int fetchesPerHour() {
        return fetchLimit.perHour();
    }

    /** createWebsite: version 1, live when this returns. */
    public PublishWebsiteResult createWebsite(Actor caller, PublishWebsiteRequest request) {
        return createWebsite(caller, request, Map.of());
    }

    /** createWebsite with the inline content of some files already decoded by the adapter, by index in files. */
    public PublishWebsiteResult createWebsite(Actor caller, PublishWebsiteRequest request,
            Map<Integer, DecodedContent> decoded) {
        PublishedWebsite published = timer.time("createWebsite",
                () -> publishing.createWebsite(caller, PublishRequests.website(request, decoded)));
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
        PublishedVersion published = timer.time("createWebsiteVersion",
                () -> publishing.publishVersion(caller, websiteId, PublishRequests.version(request, decoded)));
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

    /** listWebsites: owned and edited websites, most recently updated first, with the account's limits. */
    public Map<String, Object> listWebsites(AccountId caller) {
        return listWebsites(caller, null);
    }

    /** listWebsites, only the website with this slug when one is given (an extension: a lookup by slug). */
    public Map<String, Object> listWebsites(AccountId caller, String slug) {
        WebsiteListView list = queries.query(new ListWebsites(caller, LIST_LIMIT, slug),
                ResponseTypes.instanceOf(WebsiteListView.class)).join();
        Map<AccountId, String> ownerNames = new HashMap<>();
        List<Map<String, Object>> items = list.items().stream().map(site -> json.summary(site,
                site.role() == WebsiteRole.EDITOR ? ownerNames.computeIfAbsent(site.owner(),
                        owner -> accounts.usernameOf(owner).orElse(null)) : null)).toList();
        Map<String, Object> limits = new LinkedHashMap<>();
        limits.put("count", list.owned());
        limits.put("max", websiteLimit.max());
        limits.put("canCreate", websiteLimit.allowsAnother(list.owned()));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("items", items);
        body.put("websites", items);
        body.put("websiteLimits", limits);
        return body;
    }

    /** getWebsite: 404 (NotFoundException) when the caller cannot see it. */
    public Map<String, Object> getWebsite(AccountId caller, String websiteId) {
        WebsiteView website = queries.query(new FindWebsite(caller, websiteId(websiteId)),
                ResponseTypes.optionalInstanceOf(WebsiteView.class)).join()
                .orElseThrow(() -> websiteNotVisible(websiteId));
        return json.website(website);
    }

    /** listWebsiteVersions: newest first. */
    public Map<String, Object> listWebsiteVersions(AccountId caller, String websiteId) {
        VersionListView versions = queries.query(new ListVersions(caller, websiteId(websiteId)),
                ResponseTypes.optionalInstanceOf(VersionListView.class)).join()
                .orElseThrow(() -> websiteNotVisible(websiteId));
        return Map.of("versions", json.versions(websiteId(websiteId), versions.versions(), versions.slug(), true));
    }

    /** getJob: a publish job by id. */
    public Job getJob(AccountId caller, String jobId) {
        if (!JobId.isWellFormed(jobId)) {
            throw jobNotVisible(jobId);
        }
        JobView job = queries.query(new FindJob(caller, new JobId(jobId)),
                ResponseTypes.optionalInstanceOf(JobView.class)).join().orElseThrow(() -> jobNotVisible(jobId));
        String pageUrl = urls.page(job.slug());
        String progress = job.live()
                ? "Version " + job.version() + " is live at " + pageUrl
                : "Version " + job.version() + " is stored; it is not the live version.";
        return new Job(job.jobId().value(), job.websiteId().value(), job.status().wire(), "done", progress,
                job.status() == JobStatus.READY ? pageUrl : null,
                job.status() == JobStatus.READY ? urls.preview(job.websiteId(), job.version(), job.slug()) : null, 1,
                urls.jobStatusPath(job.jobId().value()),
                job.warnings());
    }

    /** suggestSlug: validity, availability and an available suggestion; value must be 1 to 120 characters. */
    public Map<String, Object> suggestSlug(String value) {
        int length = value == null ? 0 : value.codePointCount(0, value.length());
        if (length < 1 || length > SLUG_VALUE_MAX) {
            throw new RequestInvalidException(Map.of("value", "1 to " + SLUG_VALUE_MAX + " characters; this one has "
                    + length + "."), List.of());
        }
        SlugSuggestions.Suggestion suggestion = suggestions.suggest(value);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("slug", suggestion.slug());
        body.put("valid", suggestion.valid());
        body.put("available", suggestion.available());
        body.put("suggestion", suggestion.suggestion());
        suggestion.message().ifPresent(message -> body.put("message", message));
        body.put("pageUrl", urls.page(suggestion.suggestion()));
        return body;
    }

    /**
     * promoteVersion (an extension): makes a stored version live, an older one being a rollback; the Version as
     * getWebsite shows it (isCurrent true), served by the site host when this returns.
     */
    public Map<String, Object> promoteVersion(Actor caller, String websiteId, String versionNumber) {
        WebsiteLifecycle.Promotion promotion = lifecycle.promote(caller, websiteId, versionNumber);
        int version = promotion.version();
        WebsiteView website = queries.query(new FindWebsite(caller.accountId(), promotion.websiteId()),
                ResponseTypes.optionalInstanceOf(WebsiteView.class)).join()
                .orElseThrow(() -> websiteNotVisible(websiteId));
        return website.versions().stream().filter(v -> v.version() == version).findFirst()
                .map(v -> json.version(website.id(), v, website.slug()))
                .orElseThrow(() -> new NotFoundException("Website " + websiteId + " has no version " + version + "."));
    }

    /** deleteWebsite (an extension): only the owner; afterwards every operation on it is 404 and its site 410. */
    public void deleteWebsite(Actor caller, String websiteId) {
        lifecycle.delete(caller, websiteId);
    }

    /**
     * diffVersions (an extension): what changed going from version {@code against} to {@code version}, from the two
     * manifests. A version the website does not have (or a path segment that is no number) is 404 like a website
     * the caller cannot see; {@code against} missing or not a number is 400, as a bad query parameter is.
     */
    public Map<String, Object> diffVersions(AccountId caller, String websiteId, String version, String against) {
        WebsiteId id = websiteId(websiteId);
        if (against == null || !DIGITS.matcher(against).matches()) {
            throw new BadRequestException("against", against == null || against.isBlank()
                    ? "The query parameter 'against' is required: the version number to compare with."
                    : "The query parameter 'against' must be a version number, such as 1; it is '" + against + "'.");
        }
        int number = versionNumber(websiteId, version);
        int otherNumber = versionNumber(websiteId, against);
        VersionDiffView diff = queries.query(new DiffVersions(caller, id, number, otherNumber),
                ResponseTypes.optionalInstanceOf(VersionDiffView.class)).join()
                .orElseThrow(() -> new NotFoundException("No website " + websiteId + " with versions " + version
                        + " and " + against + " is visible to you."));
        return VersionDiffJson.of(diff);
    }

    private static int versionNumber(String websiteId, String number) {
        return VersionNumber.parse(number)
                .orElseThrow(() -> new NotFoundException("Website " + websiteId + " has no version " + number + "."));
    }

    /**
     * getHistory (an extension): the website's events, newest first, read from the event store; {@code limit} 1 to
     * {@link #HISTORY_LIMIT_MAX} (default {@link #LIST_LIMIT}) and {@code before} the cursor of an earlier page,
     * both as the query string carries them (null when absent). Owners and editors only; 404 like every read.
     */
    public Map<String, Object> getHistory(AccountId caller, String websiteId, String limit, String before) {
        int size = limit == null ? LIST_LIMIT : number(limit, "limit", 1, HISTORY_LIMIT_MAX,
                "an integer from 1 to " + HISTORY_LIMIT_MAX + " (default " + LIST_LIMIT + ")");
        Long cursor = before == null ? null : (long) number(before, "before", 0, Integer.MAX_VALUE,
                "the next value of an earlier page, as given");
        HistoryView history = queries.query(new ReadHistory(caller, websiteId(websiteId), size, cursor),
                ResponseTypes.optionalInstanceOf(HistoryView.class)).join()
                .orElseThrow(() -> websiteNotVisible(websiteId));
        return new HistoryJson(accounts::usernameOf).page(history);
    }

    /**
     * getMe, an extension: the calling account (its id and username) and the door and credential of this very call;
     * it takes no argument that could name another account.
     */
    public Map<String, Object> getMe(Actor caller) {
        Map<String, Object> me = new LinkedHashMap<>();
        me.put("accountId", caller.accountId().value());
        me.put("name", accounts.usernameOf(caller.accountId()).orElse(caller.accountId().value()));
        if (caller.via() != null) {
            me.put("via", caller.via().wire());
        }
        if (caller.credential() != null) {
            me.put("credential", caller.credential());
        }
        return me;
    }

    /** A query parameter that must be an integer in range, written plainly (digits only). */
    private static int number(String text, String name, int min, int max, String rule) {
        if (text.length() <= 10 && DIGITS.matcher(text).matches()) {
            long value = Long.parseLong(text);
            if (value >= min && value <= max) {
                return (int) value;
            }
        }
        throw new BadRequestException(name, "The query parameter '" + name + "' must be " + rule + ".");
    }

    /** A malformed id is answered like any id the caller cannot see, without a lookup. */
    private static WebsiteId websiteId(String websiteId) {
        if (websiteId == null || !WebsiteId.isWellFormed(websiteId)) {
            throw websiteNotVisible(websiteId);
        }
        return new WebsiteId(websiteId);
    }

    private static NotFoundException websiteNotVisible(String websiteId) {
        return new NotFoundException("No website " + websiteId + " is visible to you.");
    }

    private static NotFoundException jobNotVisible(String jobId) {
        return new NotFoundException("No job " + jobId + " is visible to you.");
    }
}
