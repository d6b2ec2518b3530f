package io.sites.app.webapp;

import io.sites.app.identity.AccountUser;
import io.sites.app.web.PayloadTooLargeException;
import io.sites.app.web.ServerBusyException;
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

    /** A claim link that is forged, altered, expired, used, or for another website. */
    @ExceptionHandler(io.sites.app.usecases.DraftRefusedException.class)
    String draftRefused(RuntimeException e, @AuthenticationPrincipal AccountUser person, Model model,
            HttpServletResponse response) {
        return page(HttpServletResponse.SC_FORBIDDEN, "This claim link does not work", e, person, model, response);
    }

    /** Unpacking an upload needs more heap than the server ever gives one request. */
    @ExceptionHandler(PayloadTooLargeException.class)
    String tooLarge(PayloadTooLargeException e, @AuthenticationPrincipal AccountUser person, Model model,
            HttpServletResponse response) {
        return page(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE, "This upload is too large to unpack",
                "Unpacking it would take more memory than this server gives one upload: its pages, styles and "
                        + "scripts together are too large. Nothing was published. Publish fewer of them at once, or "
                        + "publish through the interface, with upload slots for the big files.", person, model,
                response);
    }

    /** Other uploads hold the memory for unpacking now; this one may be sent again shortly. */
    @ExceptionHandler(ServerBusyException.class)
    String busy(ServerBusyException e, @AuthenticationPrincipal AccountUser person, Model model,
            HttpServletResponse response) {
        response.setHeader("Retry-After", Long.toString(e.retryAfter().toSeconds()));
        return page(HttpServletResponse.SC_SERVICE_UNAVAILABLE, "The server is busy",
                "The server is unpacking as many uploads as its memory allows. Nothing was published; send the "
                        + "form again in " + e.retryAfter().toSeconds() + " seconds.", person, model, response);
    }

    private static String page(int status, String title, RuntimeException e, AccountUser person, Model model,
            HttpServletResponse response) {
        return page(status, title, e.getMessage(), person, model, response);
    }

    private static String page(int status, String title, String message, AccountUser person, Model model,
            HttpServletResponse response) {
        response.setStatus(status);
        model.addAttribute("person", person);
        model.addAttribute("title", title);
        model.addAttribute("message", message);
        return "problem";
    }
}
