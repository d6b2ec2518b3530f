package io.sites.app.webapp;

import io.sites.app.identity.AccountUser;
import io.sites.app.usecases.UsageOperations;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

/**
 * The account's usage of the last 7 days on the websites list (its requests chart, bytes and storage), added to that
 * page's model here so the list's controller stays as it is.
 */
@ControllerAdvice(assignableTypes = WebsitePages.class)
class UsageSummary {
    private final UsageOperations usage;

    UsageSummary(UsageOperations usage) {
        this.usage = usage;
    }

    @ModelAttribute
    void summary(@AuthenticationPrincipal AccountUser person, HttpServletRequest request,
            org.springframework.ui.Model model) {
        if (person == null || !"GET".equals(request.getMethod())
                || !"/app/websites".equals(request.getRequestURI())) {
            return;
        }
        UsageOperations.AccountUsage account = usage.accountUsage(person.account(), null, null);
        model.addAttribute("accountUsage", account);
        model.addAttribute("accountChart", UsagePages.Chart.of(account.series()));
    }
}
