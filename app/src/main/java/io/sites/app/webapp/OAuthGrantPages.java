package io.sites.app.webapp;

import io.sites.app.identity.AccountUser;
import io.sites.app.identity.oauth.OAuthGrants;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * Revoking an OAuth client from the Tokens page, as the consent page promises: its authorizations go, so its
 * access and refresh tokens are refused from the next request on, and it must ask again to come back.
 */
@Controller
class OAuthGrantPages {
    private final OAuthGrants grants;

    OAuthGrantPages(OAuthGrants grants) {
        this.grants = grants;
    }

    /** The client id travels in the form (client ids of registered clients are free text, not path-safe). */
    @PostMapping("/app/mcp/clients/revoke")
    String revoke(@AuthenticationPrincipal AccountUser person, @RequestParam(defaultValue = "") String client,
            RedirectAttributes flash) {
        String name = grants.list(person.getUsername()).stream().filter(g -> g.clientId().equals(client))
                .map(g -> "“" + g.clientName() + "”").findFirst().orElse("The application");
        if (grants.revoke(person.getUsername(), client)) {
            flash.addFlashAttribute("notice", name + " no longer has access: its tokens are refused from now on, "
                    + "and it must ask you again to come back.");
        }
        return "redirect:/app/mcp#clients";
    }
}
