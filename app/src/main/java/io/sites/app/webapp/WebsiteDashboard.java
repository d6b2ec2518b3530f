package io.sites.app.webapp;

import io.sites.api.id.AccountId;
import io.sites.api.query.CollaboratorsView;
import io.sites.api.query.FindJob;
import io.sites.api.query.HistoryView;
import io.sites.api.query.JobView;
import io.sites.api.query.ListCollaborators;
import io.sites.api.query.ReadHistory;
import io.sites.api.WebsiteRole;
import io.sites.api.query.VersionView;
import io.sites.api.query.WebsiteView;
import io.sites.app.SiteUrls;
import io.sites.app.identity.AccountUser;
import io.sites.app.identity.Accounts;
import io.sites.app.pictures.VersionPictures;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.stereotype.Component;
import org.springframework.ui.Model;

/**
 * What each view of a website's dashboard shows (Overview, Deploys, History, Settings: one URL each, no script
 * needed): the header they share, and each view's own rows, read through the query bus as the interface reads.
 */
@Component
class WebsiteDashboard {
    /** How many of the newest history entries are read to say who published each version. */
    private static final int PUBLISHERS = 200;

    private final QueryGateway queries;
    private final SiteUrls urls;
    private final Accounts accounts;
    private final VersionPictures pictures;

    WebsiteDashboard(QueryGateway queries, SiteUrls urls, Accounts accounts,
            VersionPictures pictures) {
        this.queries = queries;
        this.urls = urls;
        this.accounts = accounts;
        this.pictures = pictures;
    }

    /** The live address, the live version with its picture, the quick actions and the publish form. */
    String overview(AccountUser person, WebsiteView website, Model model) {
        header(website, "overview", model);
        Set<Integer> pictured = pictures.versionsWithPictures(website.id());
        Map<Integer, String> publishers = publishers(person, website);
        Optional<VersionView> live = website.versions().stream().filter(VersionView::current).findFirst();
        model.addAttribute("live", live.map(v -> row(website, v, pictured, publishers, live, false)).orElse(null));
        model.addAttribute("newest", website.versions().stream().max(Comparator.comparingInt(VersionView::version))
                .map(v -> row(website, v, pictured, publishers, live, false)).orElse(null));
        // The quick rollback: the newest ready version older than the live one.
        model.addAttribute("rollback", live.flatMap(l -> website.versions().stream()
                .filter(v -> v.version() < l.version() && "ready".equals(v.status().wire()))
                .max(Comparator.comparingInt(VersionView::version))).map(VersionView::version).orElse(null));
        model.addAttribute("fallbackImage", SitePreview.image(website, pageUrl(website)).orElse(null));
        model.addAttribute("lastPublished", SitePreview.lastPublished(website).orElse(null));
        return "website";
    }

    /** Every version, newest first, with who published it, its warnings, its picture and its actions. */
    String deploys(AccountUser person, WebsiteView website, Model model) {
        header(website, "deploys", model);
        Set<Integer> pictured = pictures.versionsWithPictures(website.id());
        Map<Integer, String> publishers = publishers(person, website);
        Optional<VersionView> live = website.versions().stream().filter(VersionView::current).findFirst();
        model.addAttribute("deploys", website.versions().stream()
                .sorted(Comparator.comparingInt(VersionView::version).reversed())
                .map(v -> row(website, v, pictured, publishers, live, true)).toList());
        model.addAttribute("fallbackImage", SitePreview.image(website, pageUrl(website)).orElse(null));
        return "website-deploys";
    }

    /** Editors, the site password, the places later settings will take, and the danger zone. */
    String settings(AccountUser person, WebsiteView website, Model model) {
        header(website, "settings", model);
        CollaboratorsView editors = queries.query(new ListCollaborators(person.account(), website.id()),
                ResponseTypes.optionalInstanceOf(CollaboratorsView.class)).join()
                .orElse(new CollaboratorsView(List.of()));
        model.addAttribute("editors", editors.editors().stream().map(e -> username(e.account())).toList());
        return "website-settings";
    }

    /** The live version's picture for a card, else the site's own icon or first image (see {@link SitePreview}). */
    Optional<String> picture(WebsiteView website, String pageUrl) {
        Optional<Integer> live = website.versions().stream().filter(VersionView::current).findFirst()
                .map(VersionView::version);
        if (live.isPresent() && pictures.versionsWithPictures(website.id()).contains(live.get())) {
            return Optional.of("/app/websites/" + website.id().value() + "/versions/" + live.get() + "/picture");
        }
        return SitePreview.image(website, pageUrl);
    }

    /** What every view's header needs: the website, the signed-in person's role, the live address, the tab. */
    void header(WebsiteView website, String tab, Model model) {
        model.addAttribute("website", website);
        model.addAttribute("tab", tab);
        model.addAttribute("owner", website.role() == WebsiteRole.OWNER);
        model.addAttribute("ownerName", username(website.owner()));
        model.addAttribute("pageUrl", pageUrl(website));
    }

    private String pageUrl(WebsiteView website) {
        return website.currentJobId() == null ? null : urls.page(website.slug());
    }

    private DeployRow row(WebsiteView website, VersionView v, Set<Integer> pictured, Map<Integer, String> publishers,
            Optional<VersionView> live, boolean withWarnings) {
        int warnings = withWarnings ? queries.query(new FindJob(website.owner(), v.jobId()),
                ResponseTypes.optionalInstanceOf(JobView.class)).join().map(j -> j.warnings().size()).orElse(0) : 0;
        String action = v.current() || !"ready".equals(v.status().wire()) ? null
                : live.isPresent() && v.version() < live.get().version() ? "Roll back to version " + v.version()
                : "Make version " + v.version() + " live";
        return new DeployRow(v, publishers.get(v.version()), warnings,
                urls.preview(website.id(), v.version(), website.slug()),
                pictured.contains(v.version()) ? "/app/websites/" + website.id().value() + "/versions/" + v.version()
                        + "/picture" : null, action);
    }

    /** Who published each version, from the newest history entries (older versions may go without a name). */
    private Map<Integer, String> publishers(AccountUser person, WebsiteView website) {
        Map<Integer, String> byVersion = new HashMap<>();
        Map<AccountId, String> names = new HashMap<>();
        queries.query(new ReadHistory(person.account(), website.id(), PUBLISHERS, null),
                ResponseTypes.optionalInstanceOf(HistoryView.class)).join().ifPresent(history -> history.items()
                .stream().filter(e -> "version.published".equals(e.type()) && e.version() != null)
                .forEach(e -> byVersion.put(e.version(), names.computeIfAbsent(e.actor().accountId(),
                        this::username))));
        return byVersion;
    }

    private String username(AccountId account) {
        return accounts.usernameOf(account).orElse(account.value());
    }

    /** One version as the dashboard lists it. */
    record DeployRow(VersionView version, String publishedBy, int warnings, String previewUrl, String pictureUrl,
            String action) {
        public String filesAndSize(Times times) {
            int files = version.files().size();
            return (files == 1 ? "1 file" : files + " files") + " · " + times.bytes(version.totalBytes());
        }
    }
}
