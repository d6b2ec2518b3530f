package io.sites.app.web;

import io.sites.api.id.Actor;
import io.sites.api.json.PublishVersionRequest;
import io.sites.api.json.PublishVersionResult;
import io.sites.api.json.PublishWebsiteRequest;
import io.sites.api.json.PublishWebsiteResult;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * createWebsite and createWebsiteVersion: thin adapters over {@link ApiOperations} (that is, PublishService). With
 * {@code ?dryRun=true} (an extension) each answers 200 with what the publish would find, and publishes nothing.
 */
@RestController
@RequestMapping("/v1/websites")
class WebsitesController {
    private final ApiOperations operations;

    WebsitesController(ApiOperations operations) {
        this.operations = operations;
    }

    @PostMapping(consumes = "application/json", produces = "application/json")
    ResponseEntity<?> createWebsite(Actor caller, @RequestBody PublishWebsiteRequest request,
            @RequestParam(name = "dryRun", required = false) String dryRun, HttpServletRequest http) {
        if (dryRun(dryRun)) {
            return ResponseEntity.ok(operations.checkWebsite(caller.accountId(), request,
                    PublishBodyConverter.decoded(http)));
        }
        PublishWebsiteResult published = operations.createWebsite(caller, request, PublishBodyConverter.decoded(http));
        return ResponseEntity.created(URI.create("/v1/websites/" + published.websiteId())).body(published);
    }

    @PostMapping(path = "/{websiteId}/versions", consumes = "application/json", produces = "application/json")
    ResponseEntity<?> createWebsiteVersion(Actor caller, @PathVariable String websiteId,
            @RequestBody PublishVersionRequest request,
            @RequestParam(name = "dryRun", required = false) String dryRun, HttpServletRequest http) {
        if (dryRun(dryRun)) {
            return ResponseEntity.ok(operations.checkWebsiteVersion(caller.accountId(), websiteId, request,
                    PublishBodyConverter.decoded(http)));
        }
        PublishVersionResult published = operations.createWebsiteVersion(caller, websiteId, request,
                PublishBodyConverter.decoded(http));
        return ResponseEntity.status(HttpStatus.CREATED).location(URI.create("/v1/jobs/" + published.jobId()))
                .body(published);
    }

    /**
     * {@code dryRun}: absent is false; only the words true and false are taken, so a typo never publishes. A bad value
     * is a 400 naming the parameter, as every bad query parameter is.
     */
    static boolean dryRun(String value) {
        if (value == null || value.equals("false")) {
            return false;
        }
        if (value.equals("true")) {
            return true;
        }
        throw new BadRequestException("dryRun", "The parameter 'dryRun' must be true or false.");
    }
}
