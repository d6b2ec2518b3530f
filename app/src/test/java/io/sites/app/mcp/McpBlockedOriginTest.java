package io.sites.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * BLOCKED_ORIGIN through MCP, as through REST (SitePolicyTest): publish_website, publish_version and validate_bundle
 * carry the warning for a page that loads from a plain http: address; and the server's instructions state the sites'
 * Content-Security-Policy, so an agent knows it before it writes a page.
 */
class McpBlockedOriginTest extends EmbeddedAppTest {
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final String FILES = "[{\"path\":\"index.html\",\"content\":\"<!doctype html><title>Menu</title>\\n"
            + "<script>fetch('http://api.example.com/menu.json')</script>\"}]";
    private static final String EXPECTED = "BLOCKED_ORIGIN|index.html|line 2: http://api.example.com/menu.json";

    @LocalServerPort
    int port;

    @Test
    void publishAndValidateCarryTheWarning() throws Exception {
        String slug = "mcp-blocked-" + Long.toString(System.nanoTime(), 36);
        JsonNode checked = call("validate_bundle", """
                {"name":"Menu","category":"restaurant","slug":"%s","files":%s}""".formatted(slug, FILES));
        assertThat(checked.get("isError").asBoolean()).as(checked.toString()).isFalse();
        assertThat(warnings(checked.get("structuredContent"))).containsExactly(EXPECTED);

        JsonNode published = call("publish_website", """
                {"name":"Menu","category":"restaurant","slug":"%s","files":%s}""".formatted(slug, FILES));
        assertThat(published.get("isError").asBoolean()).as(published.toString()).isFalse();
        assertThat(warnings(published.get("structuredContent"))).containsExactly(EXPECTED);
        String websiteId = published.get("structuredContent").get("websiteId").asString();

        JsonNode version = call("publish_version", """
                {"websiteId":"%s","files":%s}""".formatted(websiteId, FILES));
        assertThat(version.get("isError").asBoolean()).as(version.toString()).isFalse();
        assertThat(warnings(version.get("structuredContent"))).containsExactly(EXPECTED);
        JsonNode versionChecked = call("validate_bundle", """
                {"websiteId":"%s","files":%s}""".formatted(websiteId, FILES));
        assertThat(warnings(versionChecked.get("structuredContent"))).containsExactly(EXPECTED);
    }

    @Test
    void theInstructionsStateThePolicy() throws Exception {
        JsonNode initialized = Http.JSON.readTree(post("""
                {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",
                 "capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}""").body());
        String instructions = initialized.get("result").get("instructions").asString();
        assertThat(instructions).contains(io.sites.api.site.policy.ContentPolicy.HEADER, "BLOCKED_ORIGIN");
    }

    private JsonNode call(String tool, String arguments) throws Exception {
        HttpResponse<String> response = post("""
                {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"%s","arguments":%s}}"""
                .formatted(tool, arguments));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return Http.JSON.readTree(response.body()).get("result");
    }

    private HttpResponse<String> post(String body) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
                .timeout(Duration.ofSeconds(30)).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").header("Authorization", "Bearer " + ALICE)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static List<String> warnings(JsonNode body) {
        return body.path("warnings").valueStream().map(w -> w.get("code").asString() + "|" + w.get("path").asString()
                + "|" + w.get("detail").asString()).toList();
    }
}
