package io.sites.app.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.transport.HeaderAccessor;
import io.modelcontextprotocol.server.transport.HttpServletStatelessServerTransport;
import io.modelcontextprotocol.server.transport.ServerHttpHeaderValidator;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityException;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.ErrorCodes;
import io.sites.app.web.ApiErrors;
import io.sites.app.web.BodyAdmission;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * POST /mcp: the SDK's stateless Streamable HTTP transport, behind a gate that reads the body once and refuses what
 * the SDK would answer with a serialized Java exception: a wrong Content-Type or Accept, a body that is not one
 * JSON-RPC message, params the SDK cannot read ({@link JsonRpcMessages}). The header rules ({@link McpRequestRules})
 * come first, as in the SDK, so a foreign Origin is refused before the body is read. The SDK then gets the same
 * bytes (and checks the headers again). The body passes {@link BodyAdmission} first (request cap, memory budget),
 * as every /v1 body does. Every refusal, and every error the SDK answers with a bare status (a refused Origin, Host or protocol version, GET, a
 * body too large), is a JSON-RPC error body, id null when the request's id is unknown, as the MCP specification
 * suggests. These refusals are the client's mistakes and are logged at DEBUG only. GET and DELETE are 405 with
 * {@code Allow: POST}: a stateless server offers no SSE stream and no session to end.
 */
final class McpEndpoint extends HttpServlet {
    private static final Logger log = LoggerFactory.getLogger(McpEndpoint.class);

    private final HttpServletStatelessServerTransport transport;
    private final ServerHttpHeaderValidator headerRules;
    private final McpJsonMapper json;
    private final JsonRpcMessages messages;
    private final int maxRequestBytes;
    private final BodyAdmission admission;

    McpEndpoint(HttpServletStatelessServerTransport transport, ServerHttpHeaderValidator headerRules,
            McpJsonMapper json, List<String> tools, int maxRequestBytes, BodyAdmission admission) {
        this.transport = transport;
        this.headerRules = headerRules;
        this.json = json;
        this.messages = new JsonRpcMessages(json, tools);
        this.maxRequestBytes = maxRequestBytes;
        this.admission = admission;
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        JsonRpcErrors errors = new JsonRpcErrors(response);
        if (!"POST".equals(request.getMethod())) {
            sdk(request, errors);
            return;
        }
        if (!acceptable(request, errors)) {
            return;
        }
        // The body within the request cap and the memory budget, as on /v1; refusals as JSON-RPC errors.
        admission.admit(request, BodyAdmission.Reading.MCP, refused -> {
            refused.headers().forEach(errors::setHeader);
            if (refused.status().value() == HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE) {
                errors.sendError(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE);
            } else {
                errors.sendError(refused.status().value(), refused.body().error().message());
            }
        }, admitted -> {
            HttpServletRequest checked = checked(admitted, errors);
            if (checked != null) {
                sdk(checked, errors);
            }
        });
    }

    private void sdk(HttpServletRequest request, JsonRpcErrors errors) throws ServletException, IOException {
        transport.service(request, errors);
        errors.replaceSdkError();
    }

    /** Whether the headers allow reading the body; when not, the refusal was answered. */
    private boolean acceptable(HttpServletRequest request, JsonRpcErrors errors) throws IOException {
        if (request.getContentLengthLong() > maxRequestBytes) {
            errors.sendError(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE);
            return false;
        }
        // The SDK's own checks in the SDK's order, so that each still comes before the body is read and parsed.
        try {
            headerRules.validate(headers(request));
        } catch (ServerTransportSecurityException e) {
            errors.sendError(e.getStatusCode(), e.getMessage());
            return false;
        }
        String contentType = request.getContentType();
        if (contentType == null || !contentType.split(";", 2)[0].trim().equalsIgnoreCase("application/json")) {
            return refused(errors, new JsonRpcMessages.Refused(HttpServletResponse.SC_UNSUPPORTED_MEDIA_TYPE, null,
                    ErrorCodes.INVALID_REQUEST, "Send the JSON-RPC message with Content-Type: application/json."));
        }
        String accept = request.getHeader("Accept");
        if (accept == null || !accept.contains("application/json") || !accept.contains("text/event-stream")) {
            return refused(errors, new JsonRpcMessages.Refused(HttpServletResponse.SC_BAD_REQUEST, null,
                    ErrorCodes.INVALID_REQUEST, "The Accept header must list both application/json and "
                            + "text/event-stream, as the MCP Streamable HTTP transport requires."));
        }
        return true;
    }

    /** The request with its body readable again for the SDK, or null when it was answered here. */
    private HttpServletRequest checked(HttpServletRequest request, JsonRpcErrors errors) throws IOException {
        byte[] body = body(request, errors);
        if (body == null) {
            return null;
        }
        return switch (messages.check(body)) {
            case JsonRpcMessages.ForSdk ignored -> new ReplayedBody(request, body);
            case JsonRpcMessages.IgnoredNotification notification -> {
                log.debug("Ignored the notification {}", notification.method());
                errors.setStatus(HttpServletResponse.SC_ACCEPTED);
                yield null;
            }
            case JsonRpcMessages.Refused refused -> {
                refused(errors, refused);
                yield null;
            }
        };
    }

    /** The whole body, or null when it was too large or could not be read (and that was answered). */
    private byte[] body(HttpServletRequest request, JsonRpcErrors errors) throws IOException {
        // One byte more than allowed tells a body too large from one exactly at the limit.
        int readAtMost = maxRequestBytes == Integer.MAX_VALUE ? maxRequestBytes : maxRequestBytes + 1;
        byte[] body;
        try {
            body = request.getInputStream().readNBytes(readAtMost);
        } catch (IOException gone) {
            log.debug("The MCP request body could not be read: {}", gone.toString());
            return null;
        } catch (RuntimeException refused) {
            // A cap on the way (a filter counting the bytes) refuses by throwing: answered as any operation is.
            ApiErrors.Failure failure = ApiErrors.of(refused);
            errors.write(failure.status().value(), null, failure.status().is5xxServerError()
                    ? ErrorCodes.INTERNAL_ERROR : ErrorCodes.INVALID_REQUEST, failure.body().error().message());
            return null;
        }
        if (body.length > maxRequestBytes) {
            errors.sendError(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE);
            return null;
        }
        return body;
    }

    private static HeaderAccessor headers(HttpServletRequest request) {
        return new HeaderAccessor() {
            @Override
            public List<String> getHeader(String name) {
                return Collections.list(request.getHeaders(name));
            }

            @Override
            public List<String> getHeaderNames() {
                return Collections.list(request.getHeaderNames());
            }
        };
    }

    /** Answers a refusal; false, so that a header check can return it. */
    private static boolean refused(JsonRpcErrors errors, JsonRpcMessages.Refused refused) throws IOException {
        log.debug("Refused an MCP request ({}): {}", refused.code(), refused.message());
        errors.write(refused.httpStatus(), refused.id(), refused.code(), refused.message());
        return false;
    }

    @Override
    public void destroy() {
        transport.destroy();
    }

    /**
     * Bare statuses become JSON-RPC error bodies. An error status the SDK sets itself comes with its serialized
     * exception: that body is dropped, and a JSON-RPC error written in its place once the SDK is done.
     */
    private final class JsonRpcErrors extends HttpServletResponseWrapper {
        private int sdkError;

        JsonRpcErrors(HttpServletResponse response) {
            super(response);
        }

        @Override
        public void setStatus(int status) {
            if (status >= 400) {
                sdkError = status;
            }
            super.setStatus(status);
        }

        @Override
        public PrintWriter getWriter() throws IOException {
            return sdkError == 0 ? super.getWriter() : new PrintWriter(Writer.nullWriter());
        }

        void replaceSdkError() throws IOException {
            if (sdkError != 0) {
                int status = sdkError;
                sdkError = 0;
                sendError(status);
            }
        }

        @Override
        public void sendError(int status) throws IOException {
            sendError(status, switch (status) {
                case SC_METHOD_NOT_ALLOWED -> "Send JSON-RPC messages by POST; this stateless server has no SSE "
                        + "stream and no session.";
                case SC_REQUEST_ENTITY_TOO_LARGE -> "The request body is too large; send large files through "
                        + "create_upload or sourceUrl.";
                case SC_NOT_FOUND -> "Nothing here; the MCP endpoint is /mcp.";
                case SC_UNSUPPORTED_MEDIA_TYPE -> "Send the JSON-RPC message with Content-Type: application/json.";
                default -> status >= 500 ? "Something went wrong on our side. Reference "
                        + ApiErrors.reference("The MCP transport failed (HTTP " + status + ")", null) + "."
                        : "The request was refused (HTTP " + status + ").";
            });
        }

        @Override
        public void sendError(int status, String message) throws IOException {
            if (status == SC_METHOD_NOT_ALLOWED) {
                setHeader("Allow", "POST");
            }
            write(status, null, status >= 500 ? ErrorCodes.INTERNAL_ERROR : ErrorCodes.INVALID_REQUEST, message);
        }

        void write(int status, Object id, int code, String message) throws IOException {
            if (isCommitted()) {
                return;
            }
            sdkError = 0;
            resetBuffer();
            super.setStatus(status);
            setContentType("application/json");
            setCharacterEncoding("UTF-8");
            // JSON-RPC 2.0: id null when the request's id is unknown (the SDK's response record requires one).
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("jsonrpc", McpSchema.JSONRPC_VERSION);
            body.put("id", id);
            Map<String, Object> error = new LinkedHashMap<>();
            error.put("code", code);
            error.put("message", message);
            body.put("error", error);
            PrintWriter writer = super.getWriter();
            writer.write(json.writeValueAsString(body));
            writer.flush();
        }
    }
}
