package io.sites.app.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.transport.HttpServletStatelessServerTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.sites.app.web.BodyAdmission;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * POST /mcp: the SDK's stateless Streamable HTTP transport, unchanged, except that the errors it answers with a
 * bare status (a refused Origin, Host or protocol version, GET, a body too large) carry a JSON-RPC error body
 * without an id, as the MCP specification suggests, instead of the container's error page. GET and DELETE are 405
 * with {@code Allow: POST}: a stateless server offers no SSE stream and no session to end.
 * Bodies pass {@link BodyAdmission} first (request cap, memory budget), as every /v1 body does.
 */
final class McpEndpoint extends HttpServlet {
    private final HttpServletStatelessServerTransport transport;
    private final McpJsonMapper json;
    private final BodyAdmission admission;

    McpEndpoint(HttpServletStatelessServerTransport transport, McpJsonMapper json, BodyAdmission admission) {
        this.transport = transport;
        this.json = json;
        this.admission = admission;
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        JsonRpcErrors errors = new JsonRpcErrors(response);
        // The body within the request cap and the memory budget, as on /v1; refusals as JSON-RPC errors.
        admission.admit(request, BodyAdmission.Reading.MCP, refused -> {
            refused.headers().forEach(errors::setHeader);
            if (refused.status().value() == HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE) {
                errors.sendError(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE);
            } else {
                errors.sendError(refused.status().value(), refused.body().error().message());
            }
        }, admitted -> transport.service(admitted, errors));
    }

    @Override
    public void destroy() {
        transport.destroy();
    }

    private final class JsonRpcErrors extends HttpServletResponseWrapper {
        JsonRpcErrors(HttpServletResponse response) {
            super(response);
        }

        @Override
        public void sendError(int status) throws IOException {
            sendError(status, switch (status) {
                case SC_METHOD_NOT_ALLOWED -> "Send JSON-RPC messages by POST; this stateless server has no SSE "
                        + "stream and no session.";
                case SC_REQUEST_ENTITY_TOO_LARGE -> "The request body is too large; send large files through "
                        + "create_upload or sourceUrl.";
                case SC_NOT_FOUND -> "Nothing here; the MCP endpoint is /mcp.";
                default -> "The request was refused (HTTP " + status + ").";
            });
        }

        @Override
        public void sendError(int status, String message) throws IOException {
            if (isCommitted()) {
                return;
            }
            if (status == SC_METHOD_NOT_ALLOWED) {
                setHeader("Allow", "POST");
            }
            setStatus(status);
            setContentType("application/json");
            setCharacterEncoding("UTF-8");
            // JSON-RPC 2.0: id null when the request's id is unknown (the SDK's response record requires one).
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("jsonrpc", McpSchema.JSONRPC_VERSION);
            body.put("id", null);
            Map<String, Object> error = new LinkedHashMap<>();
            error.put("code", McpSchema.ErrorCodes.INVALID_REQUEST);
            error.put("message", message);
            body.put("error", error);
            getWriter().write(json.writeValueAsString(body));
            getWriter().flush();
        }
    }
}
