package io.sites.app.web;

import io.sites.api.AccountId;
import io.sites.api.FindWebsite;
import io.sites.api.ListVersions;
import io.sites.api.ListWebsites;
import io.sites.api.VersionListView;
import io.sites.api.WebsiteId;
import io.sites.api.WebsiteListView;
import io.sites.api.WebsiteView;
import io.sites.app.SiteUrls;
import io.sites.app.identity.Accounts;
import io.sites.command.publish.WebsiteLimit;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** listWebsites, getWebsite and listWebsiteVersions: queries through Axon's query bus, answered by the read model. */
@RestController
@RequestMapping("/v1/websites")
class WebsiteReadsController {
    static final int LIST_LIMIT = 50;

    private final QueryGateway queries;
    private final Accounts accounts;
    private final WebsiteLimit websiteLimit;
    private final WebsiteJson json;

    WebsiteReadsController(QueryGateway queries, Accounts accounts, WebsiteLimit websiteLimit, SiteUrls urls,
            @Value("${sites.limits.free-changes:100}") int freeChanges) {
        this.queries = queries;
        this.accounts = accounts;
        this.websiteLimit = websiteLimit;
        this.json = new WebsiteJson(urls, freeChanges);
    }

    @GetMapping(produces = "application/json")
    Map<String, Object> listWebsites(AccountId caller) {
        WebsiteListView list = queries.query(new ListWebsites(caller, LIST_LIMIT),
                ResponseTypes.instanceOf(WebsiteListView.class)).join();
        Map<AccountId, String> ownerNames = new HashMap<>();
        List<Map<String, Object>> items = list.items().stream().map(site -> json.summary(site,
                "editor".equals(site.role()) ? ownerNames.computeIfAbsent(site.owner(),
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

    @GetMapping(path = "/{websiteId}", produces = "application/json")
    Map<String, Object> getWebsite(AccountId caller, @PathVariable String websiteId) {
        WebsiteView website = queries.query(new FindWebsite(caller, id(websiteId)),
                ResponseTypes.optionalInstanceOf(WebsiteView.class)).join()
                .orElseThrow(() -> notVisible(websiteId));
        return json.website(website);
    }

    @GetMapping(path = "/{websiteId}/versions", produces = "application/json")
    Map<String, Object> listWebsiteVersions(AccountId caller, @PathVariable String websiteId) {
        VersionListView versions = queries.query(new ListVersions(caller, id(websiteId)),
                ResponseTypes.optionalInstanceOf(VersionListView.class)).join()
                .orElseThrow(() -> notVisible(websiteId));
        return Map.of("versions", json.versions(versions.versions(), versions.slug(), true));
    }

    /** A malformed id is answered like any id the caller cannot see, without a lookup. */
    private static WebsiteId id(String websiteId) {
        if (!WebsiteId.isWellFormed(websiteId)) {
            throw notVisible(websiteId);
        }
        return new WebsiteId(websiteId);
    }

    private static NotFoundException notVisible(String websiteId) {
        return new NotFoundException("No website " + websiteId + " is visible to you.");
    }
}
