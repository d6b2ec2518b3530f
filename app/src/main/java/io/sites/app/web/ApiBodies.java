package io.sites.app.web;

import io.sites.api.query.VersionDiffView;
import io.sites.app.SiteUrls;
import io.sites.app.usecases.HistoryJson;
import io.sites.app.usecases.LifecycleOperations.PromotedVersion;
import io.sites.app.usecases.ReadOperations.HistoryPage;
import io.sites.app.usecases.ReadOperations.Me;
import io.sites.app.usecases.ReadOperations.SlugAdvice;
import io.sites.app.usecases.ReadOperations.VersionList;
import io.sites.app.usecases.ReadOperations.WebsiteDetails;
import io.sites.app.usecases.ReadOperations.WebsiteList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * The one mapping from what an operation answers to the interface's JSON body, as ApiErrors is for what it throws:
 * the REST controllers return these bodies and the MCP tools give them as structuredContent, so both read the same.
 * Maps rather than records where the spec tells apart a field that is absent from one that is null.
 */
@Component
public class ApiBodies {
    private final WebsiteJson json;

    ApiBodies(SiteUrls urls) {
        this.json = new WebsiteJson(urls);
    }

    /** listWebsites: the items twice (items, and websites as older clients read it) and websiteLimits. */
    public Map<String, Object> websiteList(WebsiteList list) {
        List<Map<String, Object>> items = list.items().stream()
                .map(listed -> json.summary(listed.website(), listed.ownerName())).toList();
        Map<String, Object> limits = new LinkedHashMap<>();
        limits.put("count", list.owned());
        limits.put("max", list.max());
        limits.put("canCreate", list.canCreate());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("items", items);
        body.put("websites", items);
        body.put("websiteLimits", limits);
        return body;
    }

    /** getWebsite: the spec's Website. */
    public Map<String, Object> website(WebsiteDetails details) {
        return json.website(details.website(), details.freeChangesLimit());
    }

    /** listWebsiteVersions. */
    public Map<String, Object> versions(VersionList list) {
        return Map.of("versions", json.versions(list.websiteId(), list.versions(), list.slug(), true));
    }

    /** promoteVersion: the Version as getWebsite shows it. */
    public Map<String, Object> version(PromotedVersion promoted) {
        return json.version(promoted.websiteId(), promoted.version(), promoted.slug());
    }

    /** suggestSlug; message only when there is one. */
    public Map<String, Object> slug(SlugAdvice advice) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("slug", advice.slug());
        body.put("valid", advice.valid());
        body.put("available", advice.available());
        body.put("suggestion", advice.suggestion());
        if (advice.message() != null) {
            body.put("message", advice.message());
        }
        body.put("pageUrl", advice.pageUrl());
        return body;
    }

    /** diffVersions: the VersionDiff. */
    public Map<String, Object> diff(VersionDiffView diff) {
        return VersionDiffJson.of(diff);
    }

    /** getHistory: one page of entries, and next when there are older ones. */
    public Map<String, Object> history(HistoryPage page) {
        return new HistoryJson(page.usernames()).page(page.history());
    }

    /** getMe: the account, and the door and credential of the call when known. */
    public Map<String, Object> me(Me me) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("accountId", me.caller().accountId().value());
        body.put("name", me.name());
        if (me.caller().via() != null) {
            body.put("via", me.caller().via().wire());
        }
        if (me.caller().credential() != null) {
            body.put("credential", me.caller().credential());
        }
        return body;
    }
}
