package io.sites.app.mcp;

import io.modelcontextprotocol.common.McpTransportContext;
import io.sites.api.id.Actor;
import io.sites.app.identity.Callers;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;

/**
 * Carries the caller from the HTTP request (authenticated by the same bearer-token chain as /v1) into the tool
 * handlers: the transport extracts it on the request's thread, where the security context lives.
 */
final class CallerContext {
    private static final String CALLER = "io.sites.caller";
    private static final String ADDRESS = "io.sites.address";

    private CallerContext() {
    }

    static McpTransportContext extract(HttpServletRequest request) {
        return Callers.currentActor().map(caller -> McpTransportContext.create(Map.of(CALLER, caller)))
                .orElse(McpTransportContext.EMPTY);
    }

    /** For the anonymous drafts endpoint: no caller, only the client's address (its drafts are counted by it). */
    static McpTransportContext anonymous(HttpServletRequest request) {
        return McpTransportContext.create(Map.of(ADDRESS, request.getRemoteAddr()));
    }

    static String address(McpTransportContext context) {
        return context.get(ADDRESS) instanceof String address ? address : "unknown";
    }

    static Actor caller(McpTransportContext context) {
        if (context.get(CALLER) instanceof Actor caller) {
            return caller;
        }
        throw new IllegalStateException("No authenticated caller in the MCP transport context");
    }
}
