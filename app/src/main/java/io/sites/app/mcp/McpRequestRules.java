package io.sites.app.mcp;

import io.modelcontextprotocol.server.transport.DefaultServerTransportSecurityValidator;
import io.modelcontextprotocol.server.transport.HeaderAccessor;
import io.modelcontextprotocol.server.transport.ServerHttpHeaderValidator;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityException;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the MCP transport checks on every request's headers, before the body is read:
 * <ul>
 * <li>Origin (DNS rebinding, cross-site browsers): absent (not a browser) or the origin of {base_url} or {app_url};
 * anything else 403. With a loopback base URL, any loopback origin and port (local development, tests).</li>
 * <li>Host, only when the base URL is loopback: a loopback host, else 421. A public deployment sits behind load
 * balancers that may rewrite Host; there the Origin check is what stops a rebound page.</li>
 * <li>MCP-Protocol-Version: absent, or a version the SDK negotiates; anything else 400.</li>
 * </ul>
 */
final class McpRequestRules implements ServerHttpHeaderValidator {
    static final String PROTOCOL_VERSION = "MCP-Protocol-Version";
    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "[::1]", "::1");

    private final DefaultServerTransportSecurityValidator originAndHost;
    private volatile List<String> versions = List.of();

    McpRequestRules(String baseUrl, String appUrl) {
        Set<String> origins = new LinkedHashSet<>(List.of(origin(baseUrl), origin(appUrl)));
        List<String> hosts = new ArrayList<>();
        if (LOOPBACK.contains(URI.create(baseUrl).getHost())) {
            for (String host : List.of("localhost", "127.0.0.1", "[::1]")) {
                origins.add("http://" + host + ":*");
                origins.add("https://" + host + ":*");
                hosts.add(host + ":*");
            }
        }
        this.originAndHost = DefaultServerTransportSecurityValidator.builder()
                .allowedOrigins(List.copyOf(origins)).allowedHosts(hosts).build();
    }

    /** The protocol versions the transport negotiates, known once it is built. */
    void speak(List<String> supported) {
        this.versions = List.copyOf(supported);
    }

    @Override
    public void validate(HeaderAccessor headers) throws ServerTransportSecurityException {
        originAndHost.validate(headers);
        List<String> version = headers.getHeader(PROTOCOL_VERSION);
        if (version != null && !version.isEmpty() && !versions.contains(version.getFirst())) {
            throw new ServerTransportSecurityException(400, "Unsupported " + PROTOCOL_VERSION + " "
                    + version.getFirst() + "; this server speaks " + String.join(", ", versions) + ".");
        }
    }

    /** scheme://host[:port] as a browser sends it (no default port, no path). */
    static String origin(String url) {
        URI uri = URI.create(url);
        return uri.getScheme() + "://" + uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort());
    }
}
