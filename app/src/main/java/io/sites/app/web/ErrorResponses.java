package io.sites.app.web;

import io.sites.api.code.ErrorCode;
import io.sites.api.json.ErrorBody;
import io.sites.app.SiteUrls;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/** Writes the error envelope where no controller is involved (security, filters, the container's error page). */
@Component
public class ErrorResponses {
    private final JsonMapper json;
    private final SiteUrls urls;

    ErrorResponses(JsonMapper json, SiteUrls urls) {
        this.json = json;
        this.urls = urls;
    }

    /** An answer with the catalogue's status for the code. */
    public void write(HttpServletResponse response, ErrorCode code, String message) throws IOException {
        write(response, code.status(), ErrorBody.of(code, message));
    }

    /** The container's own status, which the code only names (a 503 or a 418 has no code of its own). */
    public void write(HttpServletResponse response, int status, ErrorCode code, String message) throws IOException {
        write(response, status, ErrorBody.of(code, message));
    }

    public void write(HttpServletResponse response, int status, ErrorBody body) throws IOException {
        if (response.isCommitted()) {
            return;
        }
        response.setStatus(status);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        response.getOutputStream().write(json.writeValueAsBytes(body));
    }

    public SiteUrls urls() {
        return urls;
    }
}
