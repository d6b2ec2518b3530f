package io.sites.app.webapp;

import io.sites.api.id.WebsiteId;
import io.sites.app.collaborators.CollaboratorRefused;
import io.sites.app.collaborators.Collaborators;
import io.sites.app.identity.AccountUser;
import io.sites.command.publish.ReadModels;
import io.sites.command.website.SitePasswords;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * What only a website's owner does: invite an editor by username, remove one, protect the site with a password
 * or lift it. The aggregate decides who may (an editor gets the 403 page, a stranger the 404 page); each action
 * waits for the read model, so the page it returns to already shows the change.
 */
@Controller
@RequestMapping("/app/websites/{websiteId}")
class WebsiteSettings {
    private final Collaborators collaborators;
    private final SitePasswords passwords;
    private final ReadModels readModels;
    private final WebsitePages pages;

    WebsiteSettings(Collaborators collaborators, SitePasswords passwords, ReadModels readModels,
            WebsitePages pages) {
        this.collaborators = collaborators;
        this.passwords = passwords;
        this.readModels = readModels;
        this.pages = pages;
    }

    @PostMapping("/collaborators")
    String invite(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId,
            @RequestParam String username, RedirectAttributes flash) {
        WebsiteId website = pages.find(person, websiteId).id();
        try {
            String name = collaborators.add(website, SignedInPerson.actor(person), username);
            readModels.awaitWebsite(website);
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
            readModels.awaitWebsite(website);
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
            passwords.set(website, SignedInPerson.actor(person), null);
            flash.addFlashAttribute("settingsNotice", "The password is off: the site is public.");
        } else if (password == null || password.length() < 4 || password.length() > 128) {
            flash.addFlashAttribute("settingsProblem", "Use a site password of 4 to 128 characters.");
            return back(websiteId);
        } else {
            passwords.set(website, SignedInPerson.actor(person), password);
            flash.addFlashAttribute("settingsNotice", "The password is on: visitors must enter it (any user name).");
        }
        readModels.awaitWebsite(website);
        return back(websiteId);
    }

    private static String back(String websiteId) {
        return "redirect:/app/websites/" + websiteId;
    }
}
