package io.sites.app.webapp;

import io.sites.api.query.WebsiteView;
import io.sites.app.identity.AccountUser;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

/** Older pages of a website's history, where the website page's "older" link leads (the page shows the newest). */
@Controller
@RequestMapping("/app/websites")
class HistoryPages {
    private final WebsitePages websites;
    private final HistoryRows history;

    HistoryPages(WebsitePages websites, HistoryRows history) {
        this.websites = websites;
        this.history = history;
    }

    /** {@code before} is the cursor the previous page linked with; anything else starts from the newest. */
    @GetMapping("/{websiteId}/history")
    String older(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId,
            @RequestParam(required = false) String before, Model model) {
        WebsiteView website = websites.find(person, websiteId);
        Long cursor = before != null && before.matches("[0-9]{1,10}") ? Long.valueOf(before) : null;
        model.addAttribute("website", website);
        history.add(person, website, cursor, model);
        return "history";
    }
}
