package io.sites.app.webapp;

import io.sites.api.query.WebsiteView;
import io.sites.app.identity.AccountUser;
import io.sites.app.pictures.VersionPictures;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import org.springframework.core.io.InputStreamResource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;

/**
 * The website's Deploys and Settings views (the Overview is the website's own address, in {@link WebsitePages}),
 * and the picture of a version, served by the web application itself so its strict CSP ({@code img-src 'self'})
 * holds. Only those who see the website see its pictures.
 */
@Controller
@RequestMapping("/app/websites/{websiteId}")
class WebsiteViews {
    private final WebsitePages pages;
    private final WebsiteDashboard dashboard;
    private final VersionPictures pictures;

    WebsiteViews(WebsitePages pages, WebsiteDashboard dashboard, VersionPictures pictures) {
        this.pages = pages;
        this.dashboard = dashboard;
        this.pictures = pictures;
    }

    @GetMapping("/deploys")
    String deploys(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId, Model model) {
        return dashboard.deploys(person, pages.find(person, websiteId), model);
    }

    @GetMapping("/settings")
    String settings(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId, Model model) {
        return dashboard.settings(person, pages.find(person, websiteId), model);
    }

    @GetMapping("/versions/{version}/picture")
    ResponseEntity<InputStreamResource> picture(@AuthenticationPrincipal AccountUser person,
            @PathVariable String websiteId, @PathVariable String version) throws IOException {
        WebsiteView website = pages.find(person, websiteId);
        if (!version.matches("[1-9][0-9]{0,8}")) {
            throw new PageNotFoundException("No such version.");
        }
        InputStream png = pictures.open(website.id(), Integer.parseInt(version))
                .orElseThrow(() -> new PageNotFoundException("No picture of this version."));
        // A version never changes, so neither does its picture; private: it shows what only editors may see.
        return ResponseEntity.ok().contentType(MediaType.IMAGE_PNG)
                .cacheControl(CacheControl.maxAge(Duration.ofDays(7)).cachePrivate())
                .body(new InputStreamResource(png));
    }
}
