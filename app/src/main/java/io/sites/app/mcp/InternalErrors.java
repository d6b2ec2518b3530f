package io.sites.app.mcp;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpStatelessServerHandler;
import io.modelcontextprotocol.spec.McpSchema.ErrorCodes;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCNotification;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCRequest;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse.JSONRPCError;
import io.modelcontextprotocol.spec.McpStatelessServerTransport;
import io.sites.app.web.ApiErrors;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * Between the SDK's transport and its server: a request that fails inside the server (after {@link JsonRpcMessages}
 * admitted it, so a fault of ours) is answered as a JSON-RPC internal error naming a reference that the ERROR log
 * line names too, never with the exception's text. Left alone, the SDK answers a handler that throws with a 500 and
 * the serialized exception, and one that fails later with the exception's message.
 */
final class InternalErrors implements McpStatelessServerTransport {
    private final McpStatelessServerTransport transport;

    InternalErrors(McpStatelessServerTransport transport) {
        this.transport = transport;
    }

    @Override
    public void setMcpHandler(McpStatelessServerHandler handler) {
        transport.setMcpHandler(new Guarded(handler));
    }

    @Override
    public Mono<Void> closeGracefully() {
        return transport.closeGracefully();
    }

    @Override
    public void close() {
        transport.close();
    }

    @Override
    public List<String> protocolVersions() {
        return transport.protocolVersions();
    }

    private record Guarded(McpStatelessServerHandler handler) implements McpStatelessServerHandler {
        @Override
        public Mono<JSONRPCResponse> handleRequest(McpTransportContext context, JSONRPCRequest request) {
            return Mono.defer(() -> handler.handleRequest(context, request))
                    .map(response -> response.error() != null
                            && ErrorCodes.INTERNAL_ERROR == response.error().code()
                            ? internal(request, new IllegalStateException(response.error().message()))
                            : response)
                    .onErrorResume(e -> Mono.just(internal(request, e)));
        }

        @Override
        public Mono<Void> handleNotification(McpTransportContext context, JSONRPCNotification notification) {
            return Mono.defer(() -> handler.handleNotification(context, notification)).onErrorResume(e -> {
                ApiErrors.reference("The MCP notification " + notification.method() + " failed", e);
                return Mono.empty();
            });
        }

        private static JSONRPCResponse internal(JSONRPCRequest request, Throwable e) {
            String reference = ApiErrors.reference("The MCP method " + request.method() + " failed", e);
            return JSONRPCResponse.error(request.id(), new JSONRPCError(ErrorCodes.INTERNAL_ERROR,
                    "Something went wrong on our side. Reference " + reference + "."));
        }
    }
}
