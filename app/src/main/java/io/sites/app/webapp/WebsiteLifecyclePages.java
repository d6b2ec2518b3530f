package io.sites.app.webapp;

import io.sites.api.query.WebsiteView;
import io.sites.app.identity.AccountUser;
import io.sites.command.publish.WebsiteLifecycle;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * Make a stored version live (a rollback when it is older) and delete a website, from the website's page, through
 * {@link WebsiteLifecycle} as the interface does. Both wait for the projections, so the page shown next, and the
 * site host, already show the change. Deleting asks for the slug typed out: a plain form, no script needed.
 */
@Controller
@RequestMapping("/app/websites/{websiteId}")
class WebsiteLifecyclePages {
    private final WebsiteLifecycle lifecycle;
    private final WebsitePages pages;

    WebsiteLifecyclePages(WebsiteLifecycle lifecycle, WebsitePages pages) {
        this.lifecycle = lifecycle;
        this.pages = pages;
    }

    @PostMapping("/versions/{version}/promote")
    String promote(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId,
            @PathVariable String version, RedirectAttributes flash) {
        WebsiteLifecycle.Promotion promotion = lifecycle.promote(SignedInPerson.actor(person), websiteId, version);
        int number = promotion.version();
        flash.addFlashAttribute("settingsNotice", !promotion.changed() ? "Version " + number + " was already live."
                : number < promotion.previousVersion()
                        ? "Rolled back: version " + number + " is live again (it replaced version "
                                + promotion.previousVersion() + ")."
                        : "Version " + number + " is live (it replaced version " + promotion.previousVersion()
                                + ").");
        return "redirect:/app/websites/" + websiteId;
    }

    @PostMapping("/delete")
    String delete(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId,
            @RequestParam(defaultValue = "") String confirm, RedirectAttributes flash) {
        WebsiteView website = pages.find(person, websiteId);
        String expected = website.slug() == null ? website.name() : website.slug();
        if (!expected.equals(confirm.strip())) {
            flash.addFlashAttribute("settingsProblem", "Nothing was deleted: type '" + expected
                    + "' to confirm that this website should go.");
            return "redirect:/app/websites/" + websiteId + "#delete";
        }
        lifecycle.delete(SignedInPerson.actor(person), websiteId);
        flash.addFlashAttribute("notice", "Deleted " + website.name() + " (" + expected + "): its site answers "
                + "410 Gone from now on. Its slug stays reserved.");
        return "redirect:/app/websites";
    }
}
