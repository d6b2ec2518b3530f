package io.sites.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.code.ViolationCode;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.app.SiteUrls;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * What an agent pays for the tool list, measured on the real endpoint: the whole tools/list answer stays under 16 KB
 * for the thirteen publishing tools and 800 bytes for each tool a later capability adds, each authoring rule is
 * written once, and what an agent needs to repair a refused bundle is still there.
 */
class McpToolsListTest extends EmbeddedAppTest {
    private static final int BUDGET = 16 * 1024;
    private static final int PUBLISHING_TOOLS = 13;
    /** What each tool beyond the publishing ones (domains, usage, settings, ...) may add to the answer. */
    private static final int PER_LATER_TOOL = 800;
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    /** Words of the authoring rules that appear in no other sentence: each must be written exactly once. */
    private static final List<String> RULE_MARKERS = List.of("SERVICE_WORKER", "IFRAME", "Links, images, media, "
            + "fonts, fetch and forms may use any https origin");

    private static final String LIST = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";

    @LocalServerPort
    int port;
    @Autowired
    SiteUrls urls;

    @Test
    void theWholeToolsListAnswerIsUnderItsBudget() throws Exception {
        byte[] answer = post(LIST).body()
                .getBytes(StandardCharsets.UTF_8);
        int tools = Http.JSON.readTree(answer).get("result").get("tools").size();
        int budget = BUDGET + PER_LATER_TOOL * Math.max(0, tools - PUBLISHING_TOOLS);
        System.out.println("tools/list answer: " + answer.length + " bytes for " + tools + " tools (budget " + budget
                + ")");

        assertThat(answer.length).isLessThan(budget);
        assertThat(tools).isGreaterThanOrEqualTo(PUBLISHING_TOOLS);
    }

    @Test
    void eachAuthoringRuleIsWrittenOnceWhereAnAgentReadsItFirst() throws Exception {
        String everything = instructions() + post(LIST)
                .body();
        for (String marker : RULE_MARKERS) {
            assertThat(occurrences(everything, marker)).as(marker).isEqualTo(1);
        }
        assertThat(description("publish_website")).contains(RULE_MARKERS);
    }

    @Test
    void anAgentCanStillRepairARefusedBundle() throws Exception {
        String rules = description("publish_website");
        // The rules by name, the code an agent meets, and where every violation code is explained.
        assertThat(rules).contains("index.html", "EXTERNAL_URL", "IFRAME", "SERVICE_WORKER", "PUBLISH_INVALID",
                "sourceUrl", "uploadKey", "sha256", "/llms.txt");
        for (String other : List.of("publish_version", "validate_bundle")) {
            assertThat(description(other)).as(other).contains("publish_website");
        }
        // The limits an agent must keep to are in numbers, and the llms.txt the rules point at lists every code.
        assertThat(rules).containsPattern("at most \\d+ HTML pages");
        String llms = get("/llms.txt");
        List<String> missing = new ArrayList<>();
        for (ViolationCode code : ViolationCode.values()) {
            if (!llms.contains(code.name())) {
                missing.add(code.name());
            }
        }
        assertThat(missing).isEmpty();
        // The server instructions say where the rules are rather than repeating them.
        assertThat(instructions()).contains("publish_website", "/llms.txt");
    }

    @Test
    void theInstructionsGiveThisDeploymentsAddressOfASite() throws Exception {
        // SiteUrls builds every pageUrl; the placeholder form is the same address with the slug left open.
        assertThat(instructions()).contains("live at once at " + urls.page("{slug}"))
                .doesNotContain("{site_host}");
        assertThat(post(LIST).body()).doesNotContain("{site_host}");
    }

    private String description(String tool) throws Exception {
        for (JsonNode each : Http.JSON.readTree(post(LIST)
                .body()).get("result").get("tools")) {
            if (each.get("name").asString().equals(tool)) {
                return each.get("description").asString();
            }
        }
        throw new AssertionError("no tool " + tool);
    }

    private String instructions() throws Exception {
        return Http.JSON.readTree(post("""
                {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",
                 "capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}""").body())
                .get("result").get("instructions").asString();
    }

    private static int occurrences(String text, String marker) {
        int count = 0;
        for (int at = text.indexOf(marker); at >= 0; at = text.indexOf(marker, at + 1)) {
            count++;
        }
        return count;
    }

    private String get(String path) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    private HttpResponse<String> post(String body) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("Authorization", "Bearer " + ALICE)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
