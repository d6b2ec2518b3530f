package io.sites.app.web;

import io.sites.api.Actor;
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
import org.springframework.web.bind.annotation.RestController;

/** createWebsite and createWebsiteVersion: thin adapters over {@link ApiOperations} (that is, PublishService). */
@RestController
@RequestMapping("/v1/websites")
class WebsitesController {
    private final ApiOperations operations;

    WebsitesController(ApiOperations operations) {
        this.operations = operations;
    }

    @PostMapping(consumes = "application/json", produces = "application/json")
    ResponseEntity<PublishWebsiteResult> createWebsite(Actor caller, @RequestBody PublishWebsiteRequest request,
            HttpServletRequest http) {
        PublishWebsiteResult published = operations.createWebsite(caller, request, PublishBodyConverter.decoded(http));
        return ResponseEntity.created(URI.create("/v1/websites/" + published.websiteId())).body(published);
    }

    @PostMapping(path = "/{websiteId}/versions", consumes = "application/json", produces = "application/json")
    ResponseEntity<PublishVersionResult> createWebsiteVersion(Actor caller, @PathVariable String websiteId,
            @RequestBody PublishVersionRequest request, HttpServletRequest http) {
        PublishVersionResult published = operations.createWebsiteVersion(caller, websiteId, request,
                PublishBodyConverter.decoded(http));
        return ResponseEntity.status(HttpStatus.CREATED).location(URI.create("/v1/jobs/" + published.jobId()))
                .body(published);
    }
}
