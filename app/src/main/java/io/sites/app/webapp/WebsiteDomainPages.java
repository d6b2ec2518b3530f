package io.sites.app.webapp;

import io.sites.api.query.WebsiteView;
import io.sites.app.identity.AccountUser;
import io.sites.app.usecases.DomainOperations;
import io.sites.command.domain.DomainRefusedException;
import java.util.List;
import java.util.function.Supplier;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The Settings view's Domains panel: add, verify, choose which name of an apex/www pair serves, and remove a
 * custom domain (owner only, as the aggregate decides),
 * each back to the Settings view with a notice or the refusal's words. The panel reads its rows through
 * {@code ${@websiteDomainPages.rows(website)}}, so the Settings view's own controller needs no change for it.
 */
@Controller("websiteDomainPages")
@RequestMapping("/app/websites/{websiteId}/domains")
class WebsiteDomainPages {
    private final DomainOperations domains;
    private final WebsitePages pages;

    WebsiteDomainPages(DomainOperations domains, WebsitePages pages) {
        this.domains = domains;
        this.pages = pages;
    }

    /** The website's domains for the signed-in person (owners and editors see them). */
    public List<DomainOperations.Domain> rows(WebsiteView website) {
        if (!(SecurityContextHolder.getContext().getAuthentication().getPrincipal() instanceof AccountUser person)) {
            return List.of();
        }
        return domains.list(SignedInPerson.actor(person), website.id().value());
    }

    @PostMapping
    String add(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId,
            @RequestParam(required = false) String hostname, RedirectAttributes flash) {
        return act(person, websiteId, flash, () -> {
            DomainOperations.Domain domain = domains.add(SignedInPerson.actor(person), websiteId, hostname);
            return "Added " + domain.hostname() + ": create its TXT record below, then verify.";
        });
    }

    @PostMapping("/verify")
    String verify(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId,
            @RequestParam String hostname, RedirectAttributes flash) {
        return act(person, websiteId, flash, () -> {
            DomainOperations.Domain domain = domains.verify(SignedInPerson.actor(person), websiteId, hostname);
            return domain.hostname() + " is verified: the site is served there now.";
        });
    }

    /** Makes this name of an apex/www pair the one that serves; the other redirects to it. */
    @PostMapping("/primary")
    String primary(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId,
            @RequestParam String hostname, RedirectAttributes flash) {
        return act(person, websiteId, flash, () -> {
            DomainOperations.Domain domain = domains.add(SignedInPerson.actor(person), websiteId, hostname, true);
            return domain.hostname() + " serves now; the other name of the pair redirects to it.";
        });
    }

    @PostMapping("/remove")
    String remove(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId,
            @RequestParam String hostname, RedirectAttributes flash) {
        return act(person, websiteId, flash, () -> {
            domains.remove(SignedInPerson.actor(person), websiteId, hostname);
            return hostname + " is removed: the site is no longer served there.";
        });
    }

    private String act(AccountUser person, String websiteId, RedirectAttributes flash, Supplier<String> action) {
        pages.find(person, websiteId);
        try {
            flash.addFlashAttribute("settingsNotice", action.get());
        } catch (DomainRefusedException refused) {
            flash.addFlashAttribute("settingsProblem", refused.getMessage());
        }
        return "redirect:/app/websites/" + websiteId + "/settings#domains";
    }
}
