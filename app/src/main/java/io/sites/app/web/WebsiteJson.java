package io.sites.app.web;

import io.sites.api.WebsiteRole;
import io.sites.api.VersionKind;
import io.sites.api.query.VersionView;
import io.sites.api.id.WebsiteId;
import io.sites.api.query.WebsiteSummaryView;
import io.sites.api.query.WebsiteView;
import io.sites.app.SiteUrls;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The spec's Website, WebsiteSummary and Version shapes. Maps rather than records, because the spec tells apart
 * a field that is absent (pageUrl before the first ready version) from one that is null (slug, description).
 */
final class WebsiteJson {
    private final SiteUrls urls;

    WebsiteJson(SiteUrls urls) {
        this.urls = urls;
    }

    Map<String, Object> website(WebsiteView website, int freeChangesLimit) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", website.id().value());
        json.put("name", website.name());
        json.put("slug", website.slug());
        json.put("status", website.status().wire());
        json.put("role", website.role().wire());
        json.put("category", website.category());
        json.put("description", website.description());
        VersionView current = website.versions().stream().filter(VersionView::current).findFirst().orElse(null);
        if (current != null) {
            json.put("pageUrl", urls.page(website.slug()));
            json.put("currentVersionId", current.jobId().value());
        }
        json.put("currentVersion", current == null ? null : currentVersion(website.id(), current, website.slug()));
        json.put("freeChangesUsed", website.versions().stream().filter(v -> v.kind() == VersionKind.REFINEMENT).count());
        json.put("freeChangesLimit", freeChangesLimit);
        json.put("passwordProtected", website.passwordProtected());
        // Extensions (the owner's settings): null when unset, unlimited and never.
        json.put("retainVersions", website.retainVersions());
        json.put("expiresAt", website.expiresAt() == null ? null : time(website.expiresAt()));
        json.put("versions", versions(website.id(), website.versions(), website.slug(), true));
        json.put("createdAt", time(website.createdAt()));
        json.put("updatedAt", time(website.updatedAt()));
        return json;
    }

    Map<String, Object> summary(WebsiteSummaryView website, String ownerName) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", website.id().value());
        json.put("name", website.name());
        json.put("slug", website.slug());
        if (website.currentJobId() != null) {
            json.put("pageUrl", urls.page(website.slug()));
            json.put("currentVersionId", website.currentJobId().value());
        }
        json.put("status", website.status().wire());
        json.put("latestJobStatus", website.latestJobStatus() == null ? null : website.latestJobStatus().wire());
        // Nothing is billed: every website is free and has no subscription.
        json.put("paid", false);
        json.put("role", website.role().wire());
        if (website.role() == WebsiteRole.EDITOR) {
            json.put("ownerName", ownerName);
        }
        json.put("subscription", null);
        json.put("updatedAt", time(website.updatedAt()));
        return json;
    }

    /** listWebsiteVersions computes isCurrent too (see docs/DECISIONS.md): it costs nothing and is never wrong. */
    List<Map<String, Object>> versions(WebsiteId website, List<VersionView> versions, String slug,
            boolean withCurrent) {
        return versions.stream().map(version -> version(website, version, slug, withCurrent)).toList();
    }

    /** One Version, as listWebsiteVersions and getWebsite show it. */
    Map<String, Object> version(WebsiteId website, VersionView version, String slug) {
        return version(website, version, slug, true);
    }

    /** previewUrl (an addition to the spec's Version) opens the version for anyone who has it; see SiteUrls. */
    private Map<String, Object> version(WebsiteId website, VersionView version, String slug, boolean withCurrent) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", version.jobId().value());
        json.put("jobId", version.jobId().value());
        json.put("version", version.version());
        json.put("kind", version.kind().wire());
        json.put("status", version.status().wire());
        if (version.message() != null) {
            json.put("instruction", version.message());
        }
        json.put("files", version.files().stream().map(file -> {
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("originalName", file.path());
            f.put("contentType", file.contentType());
            f.put("size", file.size());
            return f;
        }).toList());
        json.put("isCurrent", withCurrent && version.current());
        json.put("createdAt", time(version.createdAt()));
        json.put("previewUrl", urls.preview(website, version.version(), slug));
        return json;
    }

    /** The served version's raw record: every Version field plus what a dashboard needs about the live bundle. */
    private Map<String, Object> currentVersion(WebsiteId website, VersionView version, String slug) {
        Map<String, Object> json = version(website, version, slug, true);
        json.put("fileCount", version.files().size());
        json.put("totalBytes", version.totalBytes());
        json.put("pageUrl", urls.page(slug));
        return json;
    }

    private static String time(Instant at) {
        return at == null ? null : at.toString();
    }
}
