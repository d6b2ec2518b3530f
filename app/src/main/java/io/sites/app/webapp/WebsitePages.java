package io.sites.app.webapp;

import io.sites.api.id.AccountId;
import io.sites.api.Category;
import io.sites.api.query.FindWebsite;
import io.sites.api.query.ListWebsites;
import io.sites.api.WebsiteRole;
import io.sites.api.code.Violation;
import io.sites.api.id.WebsiteId;
import io.sites.api.query.WebsiteListView;
import io.sites.api.query.WebsiteView;
import io.sites.app.SiteUrls;
import io.sites.app.identity.AccountUser;
import io.sites.app.identity.Accounts;
import io.sites.app.usecases.PublishOperations;
import io.sites.app.web.BodyAdmission;
import io.sites.app.web.RequestSpool;
import io.sites.command.limits.RateLimitedException;
import io.sites.command.limits.RequestInvalidException;
import io.sites.command.limits.QuotaExceededException;
import io.sites.command.limits.WebsiteLimitReachedException;
import io.sites.command.website.SlugTakenException;
import io.sites.command.website.WebsiteNotFoundException;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.multipart.MultipartFile;

/**
 * My websites, one website, and publishing from the browser: reads through the query bus, publishes through
 * {@link PublishOperations}, exactly as the interface does. A refused bundle shows the same violations, per file.
 */
@Controller
@RequestMapping("/app/websites")
class WebsitePages {
    static final int LIST_LIMIT = 50;

    private final QueryGateway queries;
    private final PublishOperations publishing;
    private final UploadedBundle uploads;
    private final Accounts accounts;
    private final SiteUrls urls;
    private final BodyAdmission admission;
    private final WebsiteDashboard dashboard;

    WebsitePages(QueryGateway queries, PublishOperations publishing, UploadedBundle uploads, Accounts accounts,
            SiteUrls urls, BodyAdmission admission, WebsiteDashboard dashboard) {
        this.dashboard = dashboard;
        this.admission = admission;
        this.queries = queries;
        this.publishing = publishing;
        this.uploads = uploads;
        this.accounts = accounts;
        this.urls = urls;
    }

    @GetMapping
    String list(@AuthenticationPrincipal AccountUser person, Model model) {
        WebsiteListView list = queries.query(new ListWebsites(person.account(), LIST_LIMIT),
                ResponseTypes.instanceOf(WebsiteListView.class)).join();
        Map<AccountId, String> names = new HashMap<>();
        model.addAttribute("websites", list.items().stream().map(site -> {
            // One read per row for its versions (at most LIST_LIMIT): the last publish and a preview image.
            Optional<WebsiteView> full = queries.query(new FindWebsite(person.account(), site.id()),
                    ResponseTypes.optionalInstanceOf(WebsiteView.class)).join();
            String pageUrl = site.currentJobId() == null ? null : urls.page(site.slug());
            return new WebsiteRow(site.id().value(), site.name(), site.slug(), site.status().wire(),
                    site.role().wire(), pageUrl, site.latestJobStatus() == null ? null : site.latestJobStatus().wire(),
                    site.role() == WebsiteRole.EDITOR ? names.computeIfAbsent(site.owner(), this::username) : null,
                    site.updatedAt(), full.flatMap(SitePreview::lastPublished).orElse(null),
                    full.flatMap(w -> dashboard.picture(w, pageUrl)).orElse(null));
        }).toList());
        model.addAttribute("canCreate", publishing.allowsAnotherWebsite(list.owned()));
        model.addAttribute("owned", list.owned());
        model.addAttribute("max", publishing.maxWebsites());
        return "websites";
    }

    @GetMapping("/new")
    String newWebsite(Model model) {
        model.addAttribute("categories", categories());
        model.addAttribute("category", "other");
        return "website-new";
    }

    @PostMapping("/new")
    String create(@AuthenticationPrincipal AccountUser person, @RequestParam(required = false) String name,
            @RequestParam(defaultValue = "other") String category, @RequestParam(required = false) String slug,
            @RequestParam(name = "files", required = false) List<MultipartFile> folder,
            @RequestParam(name = "paths", required = false) List<String> paths,
            @RequestParam(name = "zip", required = false) MultipartFile zip, Model model,
            HttpServletResponse response) throws IOException {
        model.addAttribute("categories", categories());
        model.addAttribute("name", name);
        model.addAttribute("category", category);
        model.addAttribute("slug", slug);
        // The unpacked files live in the request's spool until the publish has stored them.
        try (RequestSpool spool = admission.spool()) {
            UploadedBundle.Read read = uploads.read(folder, paths, zip, unpacked(spool));
            return publish(read, model, response, "website-new", () -> publishing.createWebsite(
                    SignedInPerson.actor(person), blankToNull(name), category, blankToNull(slug), read.files())
                    .jobId());
        }
    }

    @GetMapping("/{websiteId}")
    String website(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId, Model model) {
        return dashboard.overview(person, find(person, websiteId), model);
    }

    @PostMapping("/{websiteId}/versions")
    String publishVersion(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId,
            @RequestParam(required = false) String message,
            // A checkbox that is not ticked sends nothing, hence false by default.
            @RequestParam(defaultValue = "false") boolean promote,
            @RequestParam(name = "files", required = false) List<MultipartFile> folder,
            @RequestParam(name = "paths", required = false) List<String> paths,
            @RequestParam(name = "zip", required = false) MultipartFile zip, Model model,
            HttpServletResponse response) throws IOException {
        try (RequestSpool spool = admission.spool()) {
            UploadedBundle.Read read = uploads.read(folder, paths, zip, unpacked(spool));
            model.addAttribute("message", message);
            String view = website(person, websiteId, model);
            return publish(read, model, response, view, () -> publishing.createWebsiteVersion(
                    SignedInPerson.actor(person), websiteId, read.files(), blankToNull(message), promote).jobId());
        }
    }

    private static UnpackedFiles unpacked(RequestSpool spool) {
        return new UnpackedFiles(spool::dir, spool::reserveFiles);
    }

    /** Publishes and shows the job, or shows the page again with everything that was wrong. */
    private String publish(UploadedBundle.Read read, Model model, HttpServletResponse response, String view,
            Supplier<String> publish) {
        if (read.empty()) {
            return refuse(model, response, view, 422, "Choose a folder or a .zip file to publish.", List.of(),
                    Map.of());
        }
        if (!read.problems().isEmpty()) {
            return refuse(model, response, view, 422, "The upload could not be read.", read.problems(), Map.of());
        }
        try {
            return "redirect:/app/jobs/" + publish.get();
        } catch (RequestInvalidException invalid) {
            return refuse(model, response, view, 422, invalid.violations().isEmpty()
                    ? "Some fields need a change." : "The bundle was refused: it breaks "
                    + invalid.violations().size() + " authoring rule" + (invalid.violations().size() == 1 ? "" : "s")
                    + ". Nothing was published.", invalid.violations(), invalid.fields());
        } catch (SlugTakenException taken) {
            return refuse(model, response, view, 409, taken.getMessage(), List.of(), Map.of("slug",
                    "Taken; choose another or leave it empty."));
        } catch (RateLimitedException | WebsiteLimitReachedException | QuotaExceededException refused) {
            return refuse(model, response, view, refused instanceof RateLimitedException ? 429
                    : refused instanceof QuotaExceededException ? 507 : 422,
                    refused.getMessage(), List.of(), Map.of());
        }
    }

    private static String refuse(Model model, HttpServletResponse response, String view, int status,
            String problem, List<Violation> violations, Map<String, String> fields) {
        response.setStatus(status);
        model.addAttribute("problem", problem);
        model.addAttribute("violations", byFile(violations));
        model.addAttribute("violationCount", violations.size());
        model.addAttribute("fields", fields);
        return view;
    }

    /** Violations grouped by the file they concern; those of the whole bundle first, under "". */
    static Map<String, List<Violation>> byFile(List<Violation> violations) {
        Map<String, List<Violation>> grouped = new LinkedHashMap<>();
        violations.stream().filter(v -> v.path() == null).forEach(v ->
                grouped.computeIfAbsent("", p -> new ArrayList<>()).add(v));
        violations.stream().filter(v -> v.path() != null).forEach(v ->
                grouped.computeIfAbsent(v.path(), p -> new ArrayList<>()).add(v));
        return grouped;
    }

    WebsiteView find(AccountUser person, String websiteId) {
        if (!WebsiteId.isWellFormed(websiteId)) {
            throw new WebsiteNotFoundException(websiteId);
        }
        return queries.query(new FindWebsite(person.account(), new WebsiteId(websiteId)),
                ResponseTypes.optionalInstanceOf(WebsiteView.class)).join()
                .orElseThrow(() -> new WebsiteNotFoundException(websiteId));
    }

    private String username(AccountId account) {
        return accounts.usernameOf(account).orElse(account.value());
    }

    private static List<String> categories() {
        return Arrays.stream(Category.values()).map(Category::wire).toList();
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    /** One row of the list. */
    record WebsiteRow(String id, String name, String slug, String status, String role, String pageUrl,
            String latestJobStatus, String ownerName, Instant updatedAt, Instant lastPublishedAt, String previewUrl) {
        /** Whether {@code previewUrl} is the live version's picture (else the site's own icon or image). */
        public boolean screenshot() {
            return previewUrl != null && previewUrl.startsWith(SiteUrls.APP_PATH + "/");
        }

        /** The letter of the tile shown when the site has no image to show. */
        public String initial() {
            return name == null || name.isBlank() ? "?" : name.strip().substring(0, 1);
        }
    }
}
