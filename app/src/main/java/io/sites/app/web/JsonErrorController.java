package io.sites.app.web;

import io.sites.api.code.ErrorCode;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The container forwards here for errors that happened outside a controller (a filter, the connector, a
 * sendError). Replaces Boot's whitelabel page, so even those answer the JSON envelope. Asked for directly, as any
 * other path, /error is a 404: nothing failed. A 5xx is a fault of ours, logged with a reference the answer names.
 */
@RestController
class JsonErrorController implements ErrorController {
    private final ErrorResponses errors;

    JsonErrorController(ErrorResponses errors) {
        this.errors = errors;
    }

    @RequestMapping("/error")
    void error(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        int status = code instanceof Integer value ? value : HttpServletResponse.SC_NOT_FOUND;
        if (status < 400) {
            status = HttpServletResponse.SC_INTERNAL_SERVER_ERROR;
        }
        String message = switch (status) {
            case 404 -> "Nothing here.";
            case 405 -> "Method not allowed.";
            case 413 -> "The request body is too large.";
            case 503 -> "The service cannot answer now; try again shortly.";
            default -> status >= 500 ? "Something went wrong on our side. Reference " + fault(request, status) + "."
                    : "The request could not be handled.";
        };
        errors.write(response, status, ErrorCode.forStatus(status), message);
    }

    private static String fault(HttpServletRequest request, int status) {
        Object exception = request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        return ApiErrors.reference("Request to " + request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI)
                + " failed (HTTP " + status + ")", exception instanceof Throwable e ? e : null);
    }
}
