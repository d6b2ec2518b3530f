package io.sites.app.webapp;

import io.sites.app.SiteUrls;
import io.sites.app.identity.AccessTokens;
import io.sites.app.identity.AccountUser;
import io.sites.app.identity.oauth.OAuthGrants;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * Personal access tokens at {app_url}/mcp: mint one (shown once, never stored: only its SHA-256 is), list them
 * with their times, revoke one at once; beside them the OAuth clients the person authorised ({@link OAuthGrantPages}). The new token is rendered into the answer of the POST itself rather than
 * carried through a redirect, so it never sits in the session.
 */
@Controller
class TokensPage {
    static final int NAME_MAX = 120;
    private static final int DATE_MAX_DAYS = 366 * 5;

    private final AccessTokens tokens;
    private final SiteUrls urls;
    private final Clock clock;
    private final OAuthGrants grants;

    TokensPage(AccessTokens tokens, SiteUrls urls, Clock clock, OAuthGrants grants) {
        this.grants = grants;
        this.tokens = tokens;
        this.urls = urls;
        this.clock = clock;
    }

    @GetMapping("/app/mcp")
    String tokens(@AuthenticationPrincipal AccountUser person, Model model) {
        return page(person, model);
    }

    @PostMapping("/app/mcp")
    String mint(@AuthenticationPrincipal AccountUser person, @RequestParam(defaultValue = "") String name,
            @RequestParam(defaultValue = "30") String expiry, @RequestParam(required = false) String expiryDate,
            Model model, HttpServletResponse response) {
        String label = name.strip();
        Instant now = clock.instant();
        Instant expiresAt;
        String problem = null;
        try {
            expiresAt = expiresAt(expiry, expiryDate, now);
        } catch (IllegalArgumentException bad) {
            expiresAt = null;
            problem = bad.getMessage();
        }
        if (label.isEmpty() || label.length() > NAME_MAX) {
            problem = "Give the token a name of 1 to " + NAME_MAX + " characters, such as the client that will use it.";
        }
        if (problem != null) {
            response.setStatus(422);
            model.addAttribute("problem", problem);
            model.addAttribute("name", name);
            model.addAttribute("expiry", expiry);
            model.addAttribute("expiryDate", expiryDate);
            return page(person, model);
        }
        String token = tokens.mint(person.account(), label, expiresAt);
        // The page that shows the token must not be kept by the browser or any cache.
        response.setHeader("Cache-Control", "no-store");
        model.addAttribute("newToken", token);
        model.addAttribute("newTokenName", label);
        String mcp = urls.api("/mcp");
        model.addAttribute("mcpConfig", """
                {"mcpServers": {"sites": {"type": "http", "url": "%s",
                  "headers": {"Authorization": "Bearer %s"}}}}""".formatted(mcp, token));
        model.addAttribute("claudeExample", "claude mcp add --transport http sites " + mcp
                + " --header \"Authorization: Bearer " + token + "\"");
        model.addAttribute("curlExample", "curl " + urls.api("/v1/websites") + " -H \"Authorization: Bearer "
                + token + "\"");
        model.addAttribute("loginExample", "sites login --api " + urls.api("") + " --token " + token);
        model.addAttribute("apiBase", urls.api(""));
        return page(person, model);
    }

    @PostMapping("/app/mcp/{tokenId}/revoke")
    String revoke(@AuthenticationPrincipal AccountUser person, @PathVariable String tokenId,
            RedirectAttributes flash) {
        if (tokens.revoke(person.account(), tokenId)) {
            flash.addFlashAttribute("notice", "The token is revoked; requests that send it are refused from now on.");
        }
        return "redirect:/app/mcp";
    }

    private String page(AccountUser person, Model model) {
        model.addAttribute("tokens", tokens.list(person.account()));
        model.addAttribute("grants", grants.list(person.getUsername()));
        model.addAttribute("now", clock.instant());
        model.addAttribute("apiUrl", urls.api("/v1"));
        model.addAttribute("mcpUrl", urls.api("/mcp"));
        return "tokens";
    }

    /** 7, 30 or 90 days, "none", or "date" with a date: valid through that day (UTC). */
    static Instant expiresAt(String expiry, String date, Instant now) {
        return switch (expiry) {
            case "7", "30", "90" -> now.plus(Duration.ofDays(Integer.parseInt(expiry)));
            case "none" -> null;
            case "date" -> {
                LocalDate day;
                try {
                    day = LocalDate.parse(date == null ? "" : date.strip());
                } catch (DateTimeParseException unreadable) {
                    throw new IllegalArgumentException("Pick an expiry date (YYYY-MM-DD).");
                }
                Instant end = day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
                if (!end.isAfter(now) || end.isAfter(now.plus(Duration.ofDays(DATE_MAX_DAYS)))) {
                    throw new IllegalArgumentException("Pick an expiry date from today to five years ahead.");
                }
                yield end;
            }
            default -> throw new IllegalArgumentException("Choose an expiry: 7, 30 or 90 days, a date, or none.");
        };
    }
}
