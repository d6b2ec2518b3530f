package io.sites.app.web;

import io.sites.api.id.AccountId;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * listWebsites, getWebsite, listWebsiteVersions and diffVersions (an extension): queries through Axon's query bus
 * (see {@link ApiOperations}).
 */
@RestController
@RequestMapping("/v1/websites")
class WebsiteReadsController {
    private final ApiOperations operations;

    WebsiteReadsController(ApiOperations operations) {
        this.operations = operations;
    }

    /** slug (an extension) narrows the list to that website, however long ago it was updated. */
    @GetMapping(produces = "application/json")
    Map<String, Object> listWebsites(AccountId caller, @RequestParam(required = false) String slug) {
        return operations.listWebsites(caller, slug == null || slug.isBlank() ? null : slug);
    }

    @GetMapping(path = "/{websiteId}", produces = "application/json")
    Map<String, Object> getWebsite(AccountId caller, @PathVariable String websiteId) {
        return operations.getWebsite(caller, websiteId);
    }

    @GetMapping(path = "/{websiteId}/versions", produces = "application/json")
    Map<String, Object> listWebsiteVersions(AccountId caller, @PathVariable String websiteId) {
        return operations.listWebsiteVersions(caller, websiteId);
    }

    /** against is optional here so that its absence gets the operation's own 400, as MCP's does. */
    @GetMapping(path = "/{websiteId}/versions/{version}/diff", produces = "application/json")
    Map<String, Object> diffVersions(AccountId caller, @PathVariable String websiteId, @PathVariable String version,
            @RequestParam(required = false) String against) {
        return operations.diffVersions(caller, websiteId, version, against);
    }
}
