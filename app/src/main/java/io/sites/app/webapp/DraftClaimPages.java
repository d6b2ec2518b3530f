package io.sites.app.webapp;

import io.sites.app.identity.AccountUser;
import io.sites.app.usecases.DraftClaimOperations;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * A draft's claimUrl: a signed-in person (the sign-in page brings them back here) sees which draft it is and
 * confirms; the claim moves it into their account and lands on the website's page. A link that does not verify is
 * the 403 page, before and after confirming, in the same words whatever was wrong with it.
 */
@Controller
@RequestMapping("/app/drafts/{websiteId}/claim")
class DraftClaimPages {
    private final DraftClaimOperations claims;

    DraftClaimPages(DraftClaimOperations claims) {
        this.claims = claims;
    }

    @GetMapping
    String confirm(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId,
            @RequestParam(defaultValue = "") String token, Model model) {
        claims.check(websiteId, token);
        model.addAttribute("person", person);
        model.addAttribute("websiteId", websiteId);
        model.addAttribute("token", token);
        return "draft-claim";
    }

    @PostMapping
    String claim(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId,
            @RequestParam(defaultValue = "") String token) {
        claims.claim(SignedInPerson.actor(person), websiteId, token);
        return "redirect:/app/websites/" + websiteId;
    }
}
