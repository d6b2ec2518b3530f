package io.sites.app.usecases;

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
import io.sites.api.query.VersionView;
import io.sites.api.id.WebsiteId;
import io.sites.api.query.WebsiteListView;
import io.sites.api.query.WebsiteSummaryView;
import io.sites.api.query.WebsiteView;
import io.sites.api.json.Job;
import io.sites.app.SiteUrls;
import io.sites.app.identity.Accounts;
import io.sites.command.limits.RequestInvalidException;
import io.sites.command.limits.WebsiteLimit;
import io.sites.command.website.SlugSuggestions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

/**
 * The interface's reads (listWebsites, getWebsite, listWebsiteVersions, getJob, suggestSlug) and its read
 * extensions (diffVersions, getHistory, getMe), over the query bus, the accounts and SlugSuggestions. Each answers a
 * typed result, which the adapters map to their wire shapes; a website or job the caller cannot see is a
 * {@link NotFoundException}, a bad parameter a {@link BadRequestException}.
 */
@Component
@EnableConfigurationProperties(UseCaseProperties.class)
public class ReadOperations {
    static final int LIST_LIMIT = 50;
    static final int HISTORY_LIMIT_MAX = 100;
    static final int SLUG_VALUE_MAX = 120;
    private static final Pattern DIGITS = Pattern.compile("[0-9]+");

    private final SlugSuggestions suggestions;
    private final QueryGateway queries;
    private final Accounts accounts;
    private final WebsiteLimit websiteLimit;
    private final SiteUrls urls;
    private final int freeChanges;

    ReadOperations(SlugSuggestions suggestions, QueryGateway queries, Accounts accounts, WebsiteLimit websiteLimit,
            SiteUrls urls, UseCaseProperties properties) {
        this.suggestions = suggestions;
        this.queries = queries;
        this.accounts = accounts;
        this.websiteLimit = websiteLimit;
        this.urls = urls;
        this.freeChanges = properties.freeChanges();
    }

    /** listWebsites' answer: the websites (an editor's with its owner's name) and the account's website limits. */
    public record WebsiteList(List<Listed> items, int owned, int max, boolean canCreate) {
        /** @param ownerName the owner's username, for a website the caller edits; else null */
        public record Listed(WebsiteSummaryView website, String ownerName) {
        }
    }

    /** getWebsite's answer: the website with every version, and the free changes it is allowed. */
    public record WebsiteDetails(WebsiteView website, int freeChangesLimit) {
    }

    /** listWebsiteVersions' answer: newest first. */
    public record VersionList(WebsiteId websiteId, String slug, List<VersionView> versions) {
    }

    /** suggestSlug's answer; {@code message} null when the value is usable as it is. */
    public record SlugAdvice(String slug, boolean valid, boolean available, String suggestion, String message,
            String pageUrl) {
    }

    /** getHistory's answer: the page, and the usernames of the accounts it names that still have one. */
    public record HistoryPage(HistoryView history, Map<AccountId, String> usernames) {
    }

    /** getMe's answer: the caller of this very call, and its username. */
    public record Me(Actor caller, String name) {
    }

    /** listWebsites: owned and edited websites, most recently updated first, with the account's limits. */
    public WebsiteList listWebsites(AccountId caller) {
        return listWebsites(caller, null);
    }

    /** listWebsites, only the website with this slug when one is given (an extension: a lookup by slug). */
    public WebsiteList listWebsites(AccountId caller, String slug) {
        WebsiteListView list = queries.query(new ListWebsites(caller, LIST_LIMIT, slug),
                ResponseTypes.instanceOf(WebsiteListView.class)).join();
        Map<AccountId, String> ownerNames = new HashMap<>();
        List<WebsiteList.Listed> items = list.items().stream().map(site -> new WebsiteList.Listed(site,
                site.role() == WebsiteRole.EDITOR ? ownerNames.computeIfAbsent(site.owner(),
                        owner -> accounts.usernameOf(owner).orElse(null)) : null)).toList();
        return new WebsiteList(items, list.owned(), websiteLimit.max(), websiteLimit.allowsAnother(list.owned()));
    }

    /** getWebsite: 404 (NotFoundException) when the caller cannot see it. */
    public WebsiteDetails getWebsite(AccountId caller, String websiteId) {
        WebsiteView website = queries.query(new FindWebsite(caller, websiteId(websiteId)),
                ResponseTypes.optionalInstanceOf(WebsiteView.class)).join()
                .orElseThrow(() -> websiteNotVisible(websiteId));
        return new WebsiteDetails(website, freeChanges);
    }

    /** listWebsiteVersions: newest first. */
    public VersionList listWebsiteVersions(AccountId caller, String websiteId) {
        VersionListView versions = queries.query(new ListVersions(caller, websiteId(websiteId)),
                ResponseTypes.optionalInstanceOf(VersionListView.class)).join()
                .orElseThrow(() -> websiteNotVisible(websiteId));
        return new VersionList(websiteId(websiteId), versions.slug(), versions.versions());
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
    public SlugAdvice suggestSlug(String value) {
        int length = value == null ? 0 : value.codePointCount(0, value.length());
        if (length < 1 || length > SLUG_VALUE_MAX) {
            throw new RequestInvalidException(Map.of("value", "1 to " + SLUG_VALUE_MAX + " characters; this one has "
                    + length + "."), List.of());
        }
        SlugSuggestions.Suggestion suggestion = suggestions.suggest(value);
        return new SlugAdvice(suggestion.slug(), suggestion.valid(), suggestion.available(), suggestion.suggestion(),
                suggestion.message().orElse(null), urls.page(suggestion.suggestion()));
    }

    /**
     * diffVersions (an extension): what changed going from version {@code against} to {@code version}, from the two
     * manifests. A version the website does not have (or a path segment that is no number) is 404 like a website
     * the caller cannot see; {@code against} missing or not a number is 400, as a bad query parameter is.
     */
    public VersionDiffView diffVersions(AccountId caller, String websiteId, String version, String against) {
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
        return diff;
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
    public HistoryPage getHistory(AccountId caller, String websiteId, String limit, String before) {
        int size = limit == null ? LIST_LIMIT : number(limit, "limit", 1, HISTORY_LIMIT_MAX,
                "an integer from 1 to " + HISTORY_LIMIT_MAX + " (default " + LIST_LIMIT + ")");
        Long cursor = before == null ? null : (long) number(before, "before", 0, Integer.MAX_VALUE,
                "the next value of an earlier page, as given");
        HistoryView history = queries.query(new ReadHistory(caller, websiteId(websiteId), size, cursor),
                ResponseTypes.optionalInstanceOf(HistoryView.class)).join()
                .orElseThrow(() -> websiteNotVisible(websiteId));
        // Each account named once, looked up when read: a renamed account shows its new name (events hold only ids).
        Map<AccountId, String> usernames = new HashMap<>();
        Map<AccountId, Boolean> looked = new HashMap<>();
        for (HistoryView.Entry entry : history.items()) {
            for (AccountId account : entry.subject() == null ? List.of(entry.actor().accountId())
                    : List.of(entry.actor().accountId(), entry.subject())) {
                if (looked.put(account, Boolean.TRUE) == null) {
                    accounts.usernameOf(account).ifPresent(name -> usernames.put(account, name));
                }
            }
        }
        return new HistoryPage(history, usernames);
    }

    /**
     * getMe, an extension: the calling account (its id and username) and the door and credential of this very call;
     * it takes no argument that could name another account.
     */
    public Me getMe(Actor caller) {
        return new Me(caller, accounts.usernameOf(caller.accountId()).orElse(caller.accountId().value()));
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
    static WebsiteId websiteId(String websiteId) {
        if (websiteId == null || !WebsiteId.isWellFormed(websiteId)) {
            throw websiteNotVisible(websiteId);
        }
        return new WebsiteId(websiteId);
    }

    static NotFoundException websiteNotVisible(String websiteId) {
        return new NotFoundException("No website " + websiteId + " is visible to you.");
    }

    private static NotFoundException jobNotVisible(String jobId) {
        return new NotFoundException("No job " + jobId + " is visible to you.");
    }
}
