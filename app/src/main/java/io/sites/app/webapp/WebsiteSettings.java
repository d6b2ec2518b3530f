package io.sites.app.webapp;

import io.sites.api.AccountId;
import io.sites.api.AddCollaboratorCommand;
import io.sites.api.RemoveCollaboratorCommand;
import io.sites.api.WebsiteId;
import io.sites.app.identity.AccountUser;
import io.sites.app.identity.Accounts;
import io.sites.app.identity.Usernames;
import io.sites.command.publish.ReadModels;
import io.sites.command.website.SitePasswords;
import java.util.Optional;
import org.axonframework.commandhandling.gateway.CommandGateway;
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
    private final CommandGateway commands;
    private final SitePasswords passwords;
    private final Accounts accounts;
    private final ReadModels readModels;
    private final WebsitePages pages;

    WebsiteSettings(CommandGateway commands, SitePasswords passwords, Accounts accounts, ReadModels readModels,
            WebsitePages pages) {
        this.commands = commands;
        this.passwords = passwords;
        this.accounts = accounts;
        this.readModels = readModels;
        this.pages = pages;
    }

    @PostMapping("/collaborators")
    String invite(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId,
            @RequestParam String username, RedirectAttributes flash) {
        WebsiteId website = pages.find(person, websiteId).id();
        String name = Usernames.normalize(username);
        Optional<AccountId> editor = accounts.byUsername(name);
        if (editor.isEmpty()) {
            flash.addFlashAttribute("settingsProblem", "Nobody is called '" + name + "'. They need an account "
                    + "first; ask them to sign up.");
        } else if (editor.get().equals(person.account())) {
            flash.addFlashAttribute("settingsProblem", "You own this website already.");
        } else {
            commands.sendAndWait(new AddCollaboratorCommand(website, person.account(), editor.get()));
            readModels.awaitWebsite(website);
            flash.addFlashAttribute("settingsNotice", name + " is now an editor: they can see this website and "
                    + "publish new versions.");
        }
        return back(websiteId);
    }

    @PostMapping("/collaborators/remove")
    String remove(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId,
            @RequestParam String username, RedirectAttributes flash) {
        WebsiteId website = pages.find(person, websiteId).id();
        Optional<AccountId> editor = accounts.byUsername(Usernames.normalize(username));
        if (editor.isPresent()) {
            commands.sendAndWait(new RemoveCollaboratorCommand(website, person.account(), editor.get()));
            readModels.awaitWebsite(website);
        }
        flash.addFlashAttribute("settingsNotice", Usernames.normalize(username) + " is no longer an editor.");
        return back(websiteId);
    }

    @PostMapping("/password")
    String password(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId,
            @RequestParam(required = false) String password, @RequestParam(defaultValue = "set") String action,
            RedirectAttributes flash) {
        WebsiteId website = pages.find(person, websiteId).id();
        if ("clear".equals(action)) {
            passwords.set(website, person.account(), null);
            flash.addFlashAttribute("settingsNotice", "The password is off: the site is public.");
        } else if (password == null || password.length() < 4 || password.length() > 128) {
            flash.addFlashAttribute("settingsProblem", "Use a site password of 4 to 128 characters.");
            return back(websiteId);
        } else {
            passwords.set(website, person.account(), password);
            flash.addFlashAttribute("settingsNotice", "The password is on: visitors must enter it (any user name).");
        }
        readModels.awaitWebsite(website);
        return back(websiteId);
    }

    private static String back(String websiteId) {
        return "redirect:/app/websites/" + websiteId;
    }
}
