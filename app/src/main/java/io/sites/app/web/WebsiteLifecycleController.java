package io.sites.app.web;

import io.sites.api.id.Actor;
import io.sites.app.usecases.LifecycleOperations;
import io.sites.app.usecases.SettingsOperations;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * promoteVersion, updateWebsite and deleteWebsite, extensions of the interface: thin adapters over {@link LifecycleOperations}, with the same tokens, visibility and error envelope as the specified operations.
 */
@RestController
@RequestMapping("/v1/websites/{websiteId}")
class WebsiteLifecycleController {
    private final LifecycleOperations operations;
    private final ApiBodies bodies;
    private final SettingsOperations settings;

    WebsiteLifecycleController(LifecycleOperations operations, ApiBodies bodies, SettingsOperations settings) {
        this.operations = operations;
        this.bodies = bodies;
        this.settings = settings;
    }

    /** No body is read: the path names everything, so a body sent anyway is ignored. */
    @PostMapping(path = "/versions/{version}/promote", produces = "application/json")
    Map<String, Object> promoteVersion(Actor caller, @PathVariable String websiteId,
            @PathVariable String version) {
        return bodies.version(operations.promoteVersion(caller, websiteId, version));
    }

    /**
     * updateWebsite (an extension): the owner's settings; the body is a JSON object of the fields to change (null
     * clears), answered with the Website. A body that is not an object is MALFORMED_JSON as everywhere.
     */
    @PatchMapping(consumes = "application/json", produces = "application/json")
    Map<String, Object> updateWebsite(Actor caller, @PathVariable String websiteId,
            @RequestBody Map<String, Object> patch) {
        return bodies.website(settings.updateWebsite(caller, websiteId, patch));
    }

    @DeleteMapping
    ResponseEntity<Void> deleteWebsite(Actor caller, @PathVariable String websiteId) {
        operations.deleteWebsite(caller, websiteId);
        return ResponseEntity.noContent().build();
    }
}
