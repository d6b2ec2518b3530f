package io.sites.app.web;

import io.sites.api.id.Actor;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * promoteVersion and deleteWebsite, extensions of the interface: thin adapters over {@link ApiOperations} (that is,
 * WebsiteLifecycle), with the same tokens, visibility and error envelope as the specified operations.
 */
@RestController
@RequestMapping("/v1/websites/{websiteId}")
class WebsiteLifecycleController {
    private final ApiOperations operations;

    WebsiteLifecycleController(ApiOperations operations) {
        this.operations = operations;
    }

    /** No body is read: the path names everything, so a body sent anyway is ignored. */
    @PostMapping(path = "/versions/{version}/promote", produces = "application/json")
    Map<String, Object> promoteVersion(Actor caller, @PathVariable String websiteId,
            @PathVariable String version) {
        return operations.promoteVersion(caller, websiteId, version);
    }

    @DeleteMapping
    ResponseEntity<Void> deleteWebsite(Actor caller, @PathVariable String websiteId) {
        operations.deleteWebsite(caller, websiteId);
        return ResponseEntity.noContent().build();
    }
}
