package io.sites.app.webapp;

import io.sites.api.query.WebsiteView;
import io.sites.app.identity.AccountUser;
import io.sites.app.webhooks.WebhookOperations;
import io.sites.app.webhooks.WebhookRefusedException;
import io.sites.command.limits.RateLimitedException;
import java.util.ArrayList;
import java.util.Arrays;
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
 * The Settings view's Webhooks panel: each hook with its status and its last attempts, the website's own and, for its
 * owner, the account-wide ones that hear it too; add (for this website or for every website the owner has; the secret
 * shown once, in the notice), test and remove (owner only), each back to the Settings view with a notice or the
 * refusal's words. The panel reads through {@code ${@websiteWebhookPages.rows(website)}}, as the Domains panel does.
 */
@Controller("websiteWebhookPages")
@RequestMapping("/app/websites/{websiteId}/webhooks")
class WebsiteWebhookPages {
    /** Attempts shown per hook; the API has the last 100. */
    private static final int SHOWN = 5;

    private final WebhookOperations webhooks;
    private final WebsitePages pages;

    WebsiteWebhookPages(WebhookOperations webhooks, WebsitePages pages) {
        this.webhooks = webhooks;
        this.pages = pages;
    }

    /** A hook and its newest attempts, as the panel shows them; {@code account}: it hears every owned website. */
    public record Row(WebhookOperations.Webhook hook, List<WebhookOperations.Attempt> attempts, boolean account) {
    }

    /**
     * The website's hooks for the signed-in person (owners and editors see them), then, for the owner, the account's
     * own hooks, which hear this website too (an editor's account hooks hear only websites the editor owns).
     */
    public List<Row> rows(WebsiteView website) {
        if (!(SecurityContextHolder.getContext().getAuthentication().getPrincipal() instanceof AccountUser person)) {
            return List.of();
        }
        List<Row> rows = new ArrayList<>(rows(person, website.id().value()));
        if (person.account().equals(website.owner())) {
            rows.addAll(rows(person, null));
        }
        return rows;
    }

    private List<Row> rows(AccountUser person, String websiteId) {
        return webhooks.list(SignedInPerson.actor(person), websiteId).stream().map(hook -> new Row(hook, webhooks
                .attempts(SignedInPerson.actor(person), websiteId, hook.id()).stream().limit(SHOWN).toList(),
                websiteId == null)).toList();
    }

    @PostMapping
    String add(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId,
            @RequestParam(required = false) String url, @RequestParam(required = false) String events,
            @RequestParam(defaultValue = "false") boolean account, RedirectAttributes flash) {
        return act(person, websiteId, flash, () -> {
            List<String> types = events == null || events.isBlank() ? List.of("*")
                    : Arrays.stream(events.split("[,\\s]+")).filter(type -> !type.isBlank()).toList();
            WebhookOperations.Webhook hook = webhooks.add(SignedInPerson.actor(person), scope(websiteId, account),
                    url, types);
            return "Added " + hook.url() + ". Its secret, shown only now, verifies each delivery's signature: "
                    + hook.secret();
        });
    }

    @PostMapping("/test")
    String test(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId,
            @RequestParam String webhookId, @RequestParam(defaultValue = "false") boolean account,
            RedirectAttributes flash) {
        return act(person, websiteId, flash, () -> "A test delivery is on its way ("
                + webhooks.test(SignedInPerson.actor(person), scope(websiteId, account), webhookId) + ").");
    }

    @PostMapping("/remove")
    String remove(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId,
            @RequestParam String webhookId, @RequestParam(defaultValue = "false") boolean account,
            RedirectAttributes flash) {
        return act(person, websiteId, flash, () -> {
            webhooks.remove(SignedInPerson.actor(person), scope(websiteId, account), webhookId);
            return "The webhook is removed.";
        });
    }

    /** The website, or null: the account's hooks (the operations' own way of saying account-wide). */
    private static String scope(String websiteId, boolean account) {
        return account ? null : websiteId;
    }

    private String act(AccountUser person, String websiteId, RedirectAttributes flash, Supplier<String> action) {
        pages.find(person, websiteId);
        try {
            flash.addFlashAttribute("settingsNotice", action.get());
        } catch (WebhookRefusedException | RateLimitedException refused) {
            flash.addFlashAttribute("settingsProblem", refused.getMessage());
        }
        return "redirect:/app/websites/" + websiteId + "/settings#webhooks";
    }
}
