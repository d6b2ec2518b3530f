package io.sites.app.mcp;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.app.NodeScripts;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The webhook tools through the official TypeScript MCP client: the same operations and errors as REST. */
class McpWebhooksTest extends EmbeddedAppTest {

    @Test
    void theWebhookToolsAddListTestAndRemoveAsRestDoes() throws Exception {
        String id = http().post("/v1/websites", BOB, site(unique("mcp-hook"), "Hooks", file("index.html",
                "<p>mcp</p>"))).json().get("websiteId").asString();
        JsonNode report = Http.JSON.readTree(NodeScripts.run("mcp-webhooks.mjs", Map.of(
                "MCP_URL", "http://127.0.0.1:" + http().port() + "/mcp", "MCP_TOKEN", BOB, "WEBSITE_ID", id,
                "HOOK_URL", "https://hooks.mcp-test.invalid/in"), 180).succeeded().stdout());
        JsonNode calls = report.get("calls");
        assertThat(report.get("tools").toString()).contains("add_webhook", "list_webhooks", "remove_webhook",
                "test_webhook");
        JsonNode added = calls.get("add_webhook");
        assertThat(added.get("isError").asBoolean()).as(added.toString()).isFalse();
        assertThat(added.get("structuredContent").get("secret").asString()).startsWith("whsec_");
        assertThat(calls.get("list_webhooks").get("structuredContent").get("webhooks").size()).isEqualTo(1);
        assertThat(calls.get("test_webhook").get("structuredContent").get("deliveryId").asString())
                .as(calls.get("test_webhook").toString()).startsWith("msg_");
        assertThat(calls.get("add_account").get("isError").asBoolean()).as(calls.get("add_account").toString())
                .isFalse();
        assertThat(calls.get("list_account").get("structuredContent").get("webhooks").size()).isGreaterThan(0);
        JsonNode unknown = calls.get("add_unknown");
        assertThat(unknown.get("isError").asBoolean()).isTrue();
        assertThat(unknown.get("structuredContent").get("error").get("code").asString()).isEqualTo("WEBHOOK_INVALID");
        assertThat(unknown.get("structuredContent").get("error").get("message").asString()).contains("site.exploded");
        assertThat(calls.get("remove_webhook").get("isError").asBoolean()).isFalse();
        assertThat(calls.get("list_after").get("structuredContent").get("webhooks").size()).isZero();
    }
}
