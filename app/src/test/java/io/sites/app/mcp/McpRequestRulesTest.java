package io.sites.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.modelcontextprotocol.server.transport.HeaderAccessor;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Origin, Host and protocol-version rules of the MCP endpoint, for a public and for a loopback deployment. */
class McpRequestRulesTest {
    private static final List<String> VERSIONS = List.of("2025-03-26", "2025-06-18", "2025-11-25");

    @Test
    void aPublicDeploymentAcceptsItsOwnOriginsAndNoOriginAndAnyHost() {
        McpRequestRules rules = rules("https://api.sites.example", "https://app.sites.example");
        accepted(rules, Map.of("Host", "api.sites.example"));
        accepted(rules, Map.of("Host", "10.0.3.7:8080", "Origin", "https://api.sites.example"));
        accepted(rules, Map.of("Host", "api.sites.example", "Origin", "https://app.sites.example"));
        refused(rules, Map.of("Host", "api.sites.example", "Origin", "https://evil.example"), 403);
        refused(rules, Map.of("Host", "api.sites.example", "Origin", "http://api.sites.example"), 403);
        refused(rules, Map.of("Host", "api.sites.example", "Origin", "https://api.sites.example:8443"), 403);
        refused(rules, Map.of("Host", "api.sites.example", "Origin", "null"), 403);
    }

    @Test
    void aLoopbackDeploymentAcceptsLoopbackOnAnyPortAndRefusesReboundHosts() {
        McpRequestRules rules = rules("http://localhost:0", "http://localhost:0");
        accepted(rules, Map.of("Host", "127.0.0.1:49152"));
        accepted(rules, Map.of("Host", "localhost:8080", "Origin", "http://localhost:3000"));
        accepted(rules, Map.of("Host", "[::1]:8080", "Origin", "http://127.0.0.1:8080"));
        refused(rules, Map.of("Host", "rebound.example:8080", "Origin", "http://rebound.example:8080"), 403);
        refused(rules, Map.of("Host", "rebound.example:8080"), 421);
    }

    @Test
    void theProtocolVersionHeaderMustNameAVersionTheSdkNegotiates() {
        McpRequestRules rules = rules("https://api.sites.example", "https://api.sites.example");
        for (String version : VERSIONS) {
            accepted(rules, Map.of("Host", "api.sites.example", "MCP-Protocol-Version", version));
        }
        refused(rules, Map.of("Host", "api.sites.example", "MCP-Protocol-Version", "2024-11-05"), 400);
        refused(rules, Map.of("Host", "api.sites.example", "mcp-protocol-version", "banana"), 400);
    }

    private static McpRequestRules rules(String baseUrl, String appUrl) {
        McpRequestRules rules = new McpRequestRules(baseUrl, appUrl);
        rules.speak(VERSIONS);
        return rules;
    }

    private static void accepted(McpRequestRules rules, Map<String, String> headers) {
        assertThatCode(() -> rules.validate(accessor(headers))).as(headers.toString()).doesNotThrowAnyException();
    }

    private static void refused(McpRequestRules rules, Map<String, String> headers, int status) {
        assertThatThrownBy(() -> rules.validate(accessor(headers))).as(headers.toString())
                .isInstanceOfSatisfying(ServerTransportSecurityException.class,
                        e -> assertThat(e.getStatusCode()).isEqualTo(status));
    }

    /** Header names are case-insensitive, as on a servlet request. */
    private static HeaderAccessor accessor(Map<String, String> headers) {
        Map<String, String> byName = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        byName.putAll(headers);
        return new HeaderAccessor() {
            @Override
            public List<String> getHeader(String name) {
                return byName.containsKey(name) ? List.of(byName.get(name)) : List.of();
            }

            @Override
            public List<String> getHeaderNames() {
                return new ArrayList<>(byName.keySet());
            }
        };
    }
}
