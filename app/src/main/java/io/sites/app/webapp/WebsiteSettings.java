package io.sites.app.webapp;

import io.sites.api.id.WebsiteId;
import io.sites.app.collaborators.CollaboratorRefused;
import io.sites.app.collaborators.Collaborators;
import io.sites.app.identity.AccountUser;
import io.sites.app.usecases.LifecycleOperations;
import io.sites.app.usecases.SettingsOperations;
import io.sites.command.limits.RequestInvalidException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * What only a website's owner does: invite an editor by username, remove one, protect the site with a password
 * or lift it; how many versions are kept and when the website expires. The aggregate decides who may (an editor gets the 403 page, a stranger the 404 page); each action
 * waits for the read model, so the page it returns to already shows the change.
 */
@Controller
@RequestMapping("/app/websites/{websiteId}")
class WebsiteSettings {
    private final Collaborators collaborators;
    private final LifecycleOperations lifecycle;
    private final WebsitePages pages;
    private final SettingsOperations settings;

    WebsiteSettings(Collaborators collaborators, LifecycleOperations lifecycle, WebsitePages pages,
            SettingsOperations settings) {
        this.collaborators = collaborators;
        this.lifecycle = lifecycle;
        this.pages = pages;
        this.settings = settings;
    }

    @PostMapping("/collaborators")
    String invite(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId,
            @RequestParam String username, RedirectAttributes flash) {
        WebsiteId website = pages.find(person, websiteId).id();
        try {
            String name = collaborators.add(website, SignedInPerson.actor(person), username);
            lifecycle.awaitWebsite(website);
            flash.addFlashAttribute("settingsNotice", name + " is now an editor: they can see this website and "
                    + "publish new versions.");
        } catch (CollaboratorRefused refused) {
            flash.addFlashAttribute("settingsProblem", refused.getMessage());
        }
        return back(websiteId);
    }

    @PostMapping("/collaborators/remove")
    String remove(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId,
            @RequestParam String username, RedirectAttributes flash) {
        WebsiteId website = pages.find(person, websiteId).id();
        try {
            String name = collaborators.remove(website, SignedInPerson.actor(person), username);
            lifecycle.awaitWebsite(website);
            flash.addFlashAttribute("settingsNotice", name + " is no longer an editor.");
        } catch (CollaboratorRefused refused) {
            flash.addFlashAttribute("settingsProblem", refused.getMessage());
        }
        return back(websiteId);
    }

    @PostMapping("/password")
    String password(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId,
            @RequestParam(required = false) String password, @RequestParam(defaultValue = "set") String action,
            RedirectAttributes flash) {
        WebsiteId website = pages.find(person, websiteId).id();
        if ("clear".equals(action)) {
            lifecycle.setSitePassword(website, SignedInPerson.actor(person), null);
            flash.addFlashAttribute("settingsNotice", "The password is off: the site is public.");
        } else if (password == null || password.length() < 4 || password.length() > 128) {
            flash.addFlashAttribute("settingsProblem", "Use a site password of 4 to 128 characters.");
            return back(websiteId);
        } else {
            lifecycle.setSitePassword(website, SignedInPerson.actor(person), password);
            flash.addFlashAttribute("settingsNotice", "The password is on: visitors must enter it (any user name).");
        }
        lifecycle.awaitWebsite(website);
        return back(websiteId);
    }

    /**
     * Versions kept and expiry, the owner's settings call from a form: an empty field clears the setting; the time
     * is read as UTC (a datetime-local input carries no zone). A refused value comes back as the rule's own words.
     */
    @PostMapping("/lifetime")
    String lifetime(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId,
            @RequestParam(defaultValue = "") String retainVersions, @RequestParam(defaultValue = "") String expiresAt,
            RedirectAttributes flash) {
        WebsiteId website = pages.find(person, websiteId).id();
        Map<String, Object> patch = new LinkedHashMap<>();
        String retain = retainVersions.strip();
        patch.put("retainVersions", retain.isEmpty() ? null : retain.matches("\\d{1,9}") ? Integer.valueOf(retain)
                : retain);
        String expiry = expiresAt.strip();
        patch.put("expiresAt", expiry.isEmpty() ? null : expiry.length() == 16 ? expiry + ":00Z" : expiry);
        try {
            settings.updateWebsite(SignedInPerson.actor(person), website.value(), patch);
            flash.addFlashAttribute("settingsNotice", "Saved: versions kept and expiry.");
        } catch (RequestInvalidException invalid) {
            flash.addFlashAttribute("settingsProblem", String.join(" ", invalid.fields().values()));
        }
        return back(websiteId);
    }

    private static String back(String websiteId) {
        return "redirect:/app/websites/" + websiteId + "/settings";
    }
}
