package io.sites.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Tool calls whose arguments do not fit the tool's input schema: an unknown or missing argument is named in the REST
 * envelope's fields (VALIDATION_FAILED) before anything runs, with the argument a misspelled name most likely meant.
 */
class McpToolArgumentsTest extends EmbeddedAppTest {
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @LocalServerPort
    int serverPort;

    @Test
    void aMisspelledArgumentIsNamedWithTheOneItMeant() throws Exception {
        JsonNode error = failure(call("get_website", "{\"id\":\"web_x\"}"));
        assertThat(error.get("code").asString()).isEqualTo("VALIDATION_FAILED");
        assertThat(error.get("fields").get("id").asString()).isEqualTo(
                "Not an argument of get_website; did you mean websiteId?");
        assertThat(error.get("fields").get("websiteId").asString()).isEqualTo("Required.");
        assertThat(error.get("message").asString()).contains("get_website", "websiteId (required)")
                .doesNotContain("null");

        JsonNode typo = failure(call("get_job_status", "{\"jobid\":\"job_x\"}"));
        assertThat(typo.get("fields").get("jobid").asString()).endsWith("did you mean jobId?");
        JsonNode unrelated = failure(call("suggest_slug", "{\"value\":\"Bakery\",\"colour\":\"red\"}"));
        assertThat(unrelated.get("fields").get("colour").asString()).isEqualTo("Not an argument of suggest_slug.");
        assertThat(unrelated.get("fields").has("value")).isFalse();
    }

    @Test
    void aMissingPathArgumentIsNamedAndNothingRuns() throws Exception {
        int websites = websites();
        JsonNode missing = failure(call("get_website", "{}"));
        assertThat(missing.get("fields").get("websiteId").asString()).isEqualTo("Required.");
        JsonNode both = failure(call("promote_version", "{\"websiteId\":\"web_x\"}"));
        assertThat(both.get("fields").get("version").asString()).isEqualTo("Required.");
        // Body fields left out keep the operation's own words, as a REST body gets them.
        JsonNode files = failure(call("publish_website", "{\"category\":\"other\"}"));
        assertThat(files.get("fields").get("files").asString()).startsWith("Required: at least one file");
        JsonNode misspelled = failure(call("publish_website", "{\"category\":\"other\",\"file\":[]}"));
        assertThat(misspelled.get("fields").get("file").asString()).endsWith("did you mean files?");
        assertThat(websites()).as("nothing was published").isEqualTo(websites);
    }

    @Test
    void argumentsThatFitStillReachTheOperation() throws Exception {
        JsonNode answer = Http.JSON.readTree(call("get_website", "{\"websiteId\":\"web_x\"}").body());
        JsonNode error = answer.get("result").get("structuredContent").get("error");
        assertThat(error.get("code").asString()).isEqualTo("NOT_FOUND");
        assertThat(error.get("message").asString()).contains("web_x");
        JsonNode version = Http.JSON.readTree(call("promote_version", "{\"websiteId\":\"web_x\",\"version\":2.0}")
                .body()).get("result").get("structuredContent").get("error");
        assertThat(version.get("code").asString()).isEqualTo("NOT_FOUND");
    }

    private int websites() throws Exception {
        return Http.JSON.readTree(call("list_websites", "{}").body()).get("result").get("structuredContent")
                .get("items").size();
    }

    private static JsonNode failure(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode result = Http.JSON.readTree(response.body()).get("result");
        assertThat(result.get("isError").asBoolean()).as(response.body()).isTrue();
        return result.get("structuredContent").get("error");
    }

    private HttpResponse<String> call(String tool, String arguments) throws Exception {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + "}}";
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + serverPort + "/mcp"))
                .timeout(Duration.ofSeconds(30)).header("Authorization", "Bearer " + ALICE)
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
