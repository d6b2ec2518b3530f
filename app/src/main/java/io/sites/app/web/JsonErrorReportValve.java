package io.sites.app.web;

import io.sites.api.code.ErrorCode;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;

/**
 * Tomcat answers some requests itself, before any servlet or filter runs (an undecodable URI, an encoded "..").
 * Its default valve renders an HTML page; this one writes the same JSON envelope as the rest of the service.
 */
public class JsonErrorReportValve extends ErrorReportValve {

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        String code = ErrorCode.forStatus(status).name();
        String message = status == HttpServletResponse.SC_NOT_IMPLEMENTED
                ? "The request method is not implemented by this server; use GET, HEAD, POST, PUT or DELETE."
                : status == HttpServletResponse.SC_HTTP_VERSION_NOT_SUPPORTED
                ? "The HTTP version is not supported; send HTTP/1.1."
                : status >= 500 ? "Something went wrong on our side."
                + (throwable == null ? "" : " Reference " + ApiErrors.reference("Request failed in the container "
                        + "(HTTP " + status + ")", throwable) + ".")
                : status == HttpServletResponse.SC_BAD_REQUEST
                        ? "The request is malformed (for example an invalid percent-encoding in its path)."
                        : "The request could not be handled.";
        byte[] body = ("{\"error\":{\"code\":\"" + code + "\",\"message\":\"" + message + "\"}}")
                .getBytes(StandardCharsets.UTF_8);
        try {
            response.setContentType("application/json");
            response.setContentLength(body.length);
            response.getOutputStream().write(body);
            response.finishResponse();
        } catch (IOException | IllegalStateException ignored) {
            // the client is gone; there is no one left to tell
        }
    }
}
