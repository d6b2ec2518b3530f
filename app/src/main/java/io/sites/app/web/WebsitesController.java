package io.sites.app.web;

import io.sites.api.AccountId;
import io.sites.api.json.PublishVersionRequest;
import io.sites.api.json.PublishVersionResult;
import io.sites.api.json.PublishWebsiteRequest;
import io.sites.api.json.PublishWebsiteResult;
import io.sites.app.SiteUrls;
import io.sites.command.publish.PublishService;
import io.sites.command.publish.PublishedVersion;
import io.sites.command.publish.PublishedWebsite;
import java.net.URI;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** createWebsite and createWebsiteVersion: thin adapters over {@link PublishService}. */
@RestController
@RequestMapping("/v1/websites")
class WebsitesController {
    private final PublishService publishing;
    private final SiteUrls urls;

    WebsitesController(PublishService publishing, SiteUrls urls) {
        this.publishing = publishing;
        this.urls = urls;
    }

    @PostMapping(consumes = "application/json", produces = "application/json")
    ResponseEntity<PublishWebsiteResult> createWebsite(AccountId caller, @RequestBody PublishWebsiteRequest request) {
        PublishedWebsite published = publishing.createWebsite(caller, request);
        String id = published.websiteId().value();
        return ResponseEntity.created(URI.create("/v1/websites/" + id)).body(new PublishWebsiteResult(id,
                published.jobId().value(), published.version(), published.slug(), urls.page(published.slug()),
                published.bytesWritten()));
    }

    @PostMapping(path = "/{websiteId}/versions", consumes = "application/json", produces = "application/json")
    ResponseEntity<PublishVersionResult> createWebsiteVersion(AccountId caller, @PathVariable String websiteId,
            @RequestBody PublishVersionRequest request) {
        PublishedVersion published = publishing.publishVersion(caller, websiteId, request);
        return ResponseEntity.status(HttpStatus.CREATED)
                .location(URI.create("/v1/jobs/" + published.jobId().value()))
                .body(new PublishVersionResult(published.websiteId().value(), published.jobId().value(),
                        published.version(), published.current(), urls.page(published.slug()),
                        published.bytesWritten()));
    }
}
