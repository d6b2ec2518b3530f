package io.sites.app.webapp;

import io.sites.app.identity.AccountUser;
import io.sites.command.website.NotOwnerException;
import io.sites.command.website.VersionNotFoundException;
import io.sites.command.website.WebsiteNotFoundException;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;

/**
 * The web application's pages answer with pages, not with the interface's JSON envelope: a website or job that
 * is not visible is a 404 page (the same as one that does not exist), an editor asking for an owner's action a
 * 403 page. Ordered before the interface's handler, and limited to this package's controllers.
 */
@ControllerAdvice(basePackageClasses = WebAppErrors.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class WebAppErrors {

    @ExceptionHandler({PageNotFoundException.class, WebsiteNotFoundException.class,
            VersionNotFoundException.class})
    String notFound(RuntimeException e, @AuthenticationPrincipal AccountUser person, Model model,
            HttpServletResponse response) {
        return page(HttpServletResponse.SC_NOT_FOUND, "Not found", e, person, model, response);
    }

    @ExceptionHandler(NotOwnerException.class)
    String notOwner(NotOwnerException e, @AuthenticationPrincipal AccountUser person, Model model,
            HttpServletResponse response) {
        return page(HttpServletResponse.SC_FORBIDDEN, "Only the owner may do this", e, person, model, response);
    }

    private static String page(int status, String title, RuntimeException e, AccountUser person, Model model,
            HttpServletResponse response) {
        response.setStatus(status);
        model.addAttribute("person", person);
        model.addAttribute("title", title);
        model.addAttribute("message", e.getMessage());
        return "problem";
    }
}
