package io.sites.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.app.NodeScripts;
import io.sites.app.PreviewLinks;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The MCP endpoint as clients meet it: the official TypeScript SDK client (src/test/js/mcp-client.mjs) with a bearer
 * token calls every tool, and raw HTTP checks what the MCP specification says a server must refuse.
 */
class McpEndpointTest extends EmbeddedAppTest {
    private static final List<String> SPECIFIED = List.of("publish_website", "publish_version", "create_upload",
            "list_websites", "get_website", "list_versions", "get_job_status", "suggest_slug");
    // Extensions, each the REST extension of the same name.
    private static final List<String> TOOLS = java.util.stream.Stream.concat(SPECIFIED.stream(),
            java.util.stream.Stream.of("promote_version", "delete_website", "diff_versions", "get_history",
                    "validate_bundle", "add_domain", "list_domains", "verify_domain", "remove_domain",
                    "update_website", "get_usage", "get_account_usage", "publish_draft", "add_webhook",
                    "list_webhooks", "remove_webhook", "test_webhook", "find_missing_digests",
                    "upload_files")).toList();
    private static final List<String> READS = List.of("list_websites", "get_website", "list_versions",
            "get_job_status", "suggest_slug", "diff_versions", "get_history", "list_domains",
            "get_usage", "get_account_usage", "list_webhooks", "find_missing_digests");
    private static final SchemaRegistry SCHEMAS = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
            registry -> registry.schemaRegistryConfig(SchemaRegistryConfig.builder()
                    .formatAssertionsEnabled(true).build()));
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final String INITIALIZE = """
            {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"%s","capabilities":{},
             "clientInfo":{"name":"raw","version":"1"}}}""";

    @LocalServerPort
    int port;

    @Test
    void theOfficialClientCallsEveryToolAndPublishesASiteThatRestSees() throws Exception {
        JsonNode report = clientReport(port, ALICE);

        assertThat(report.get("protocolVersion").asString()).isEqualTo("2025-11-25");
        assertThat(report.get("instructions").asString()).contains("suggest_slug", "publish_website",
                "publish_version", "create_upload", "promote false");
        Map<String, JsonNode> tools = new HashMap<>();
        report.get("tools").forEach(tool -> tools.put(tool.get("name").asString(), tool));
        assertThat(tools.keySet()).containsExactlyInAnyOrderElementsOf(TOOLS);
        // The authoring rules are where an agent meets them first (see McpToolsListTest).
        assertThat(tools.get("publish_website").get("description").asString()).contains("index.html");
        Schema metaSchema = SCHEMAS.getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));
        tools.forEach((name, tool) -> {
            for (String kind : List.of("inputSchema", "outputSchema")) {
                JsonNode schema = tool.get(kind);
                assertThat(schema.get("type").asString()).as(name + " " + kind).isEqualTo("object");
                assertThat(metaSchema.validate(schema)).as(name + " " + kind + " is JSON Schema 2020-12").isEmpty();
                SCHEMAS.getSchema(schema); // compiles, every $ref resolves
            }
            assertThat(tool.get("description").asString()).as(name).hasSizeGreaterThan(80);
            // Hints left out have the MCP specification's defaults; a writing tool always says whether it destroys.
            JsonNode annotations = tool.get("annotations");
            boolean readOnly = annotations.path("readOnlyHint").asBoolean(false);
            // validate_bundle records nothing, but fetches sourceUrls: read-only, open world.
            assertThat(readOnly).as(name).isEqualTo(READS.contains(name) || name.equals("validate_bundle"));
            if (!readOnly) {
                assertThat(annotations.get("destructiveHint").asBoolean()).as(name)
                        .isEqualTo(name.equals("delete_website") || name.equals("remove_domain")
                                || name.equals("update_website") || name.equals("remove_webhook"));
            }
            // upload_files stores bytes nobody else sees until a publish: it writes, but reaches no open world.
            assertThat(annotations.path("openWorldHint").asBoolean(true)).as(name)
                    .isEqualTo(!READS.contains(name) && !name.equals("upload_files"));
        });
        JsonNode delete = tools.get("delete_website").get("annotations");
        assertThat(delete.get("destructiveHint").asBoolean()).isTrue();
        assertThat(delete.get("idempotentHint").asBoolean()).isTrue();
        assertThat(delete.path("readOnlyHint").asBoolean(false)).isFalse();
        assertThat(tools.get("publish_version").get("annotations").path("idempotentHint").asBoolean(false)).isFalse();
        assertThat(tools.get("promote_version").get("inputSchema").get("required")).extracting(JsonNode::asString)
                .containsExactlyInAnyOrder("websiteId", "version");
        assertThat(tools.get("promote_version").get("inputSchema").get("properties").get("version").get("type")
                .asString()).isEqualTo("integer");
        assertThat(tools.get("publish_version").get("inputSchema").get("required")).extracting(JsonNode::asString)
                .containsExactlyInAnyOrder("websiteId", "files");

        JsonNode calls = report.get("calls");
        for (String call : List.of("suggest_slug", "publish_website", "create_upload", "publish_version",
                "publish_version_stored", "list_websites", "get_website", "list_versions", "get_job_status",
                "find_missing_digests", "upload_files")) {
            JsonNode result = calls.get(call);
            assertThat(result.has("protocolError")).as(call + ": " + result).isFalse();
            assertThat(result.get("isError").asBoolean()).as(call + ": " + result).isFalse();
            assertThat(result.get("text").asString()).as(call).isNotBlank();
            String tool = call.equals("publish_version_stored") ? "publish_version" : call;
            assertMatches(tools.get(tool).get("outputSchema"), result.get("structuredContent"), call);
        }
        assertThat(calls.get("publish_website").get("structuredContent").get("version").asInt()).isEqualTo(1);
        assertThat(calls.get("publish_version").get("structuredContent").get("isCurrent").asBoolean()).isTrue();
        assertThat(calls.get("publish_version_stored").get("structuredContent").get("isCurrent").asBoolean())
                .isFalse();
        assertThat(report.get("uploadPut").get("status").asInt()).isEqualTo(200);
        assertThat(calls.get("get_job_status").get("structuredContent").get("status").asString()).isEqualTo("ready");
        assertThat(calls.get("list_versions").get("structuredContent").get("versions")).hasSize(3);
        assertThat(calls.get("find_missing_digests").get("structuredContent").get("missing"))
                .extracting(JsonNode::asString).as("the page published, then one never sent")
                .containsExactly("0".repeat(64));
        assertThat(calls.get("upload_files").get("structuredContent").get("files").get(0).get("sha256").asString())
                .as("sent ahead, then named by digest in publish_version_stored").hasSize(64);

        // The agent can repair its bundle from the error alone: the REST envelope, every violation, in both forms.
        JsonNode invalid = calls.get("invalid_bundle");
        assertThat(invalid.get("isError").asBoolean()).isTrue();
        JsonNode error = invalid.get("structuredContent").get("error");
        assertThat(error.get("code").asString()).isEqualTo("PUBLISH_INVALID");
        List<String> codes = new ArrayList<>();
        error.get("violations").forEach(violation -> codes.add(violation.get("code").asString()));
        assertThat(codes).contains("MISSING_INDEX", "EXTERNAL_URL");
        assertThat(invalid.get("text").asString()).contains("PUBLISH_INVALID", "MISSING_INDEX", "EXTERNAL_URL",
                "about.html", "Download the script");
        assertMatches(tools.get("publish_version").get("outputSchema"), invalid.get("structuredContent"), "invalid");
        assertThat(calls.get("unknown_website").get("structuredContent").get("error").get("code").asString())
                .isEqualTo("NOT_FOUND");
        JsonNode reserved = calls.get("reserved_slug").get("structuredContent").get("error");
        assertThat(reserved.get("code").asString()).isEqualTo("VALIDATION_FAILED");
        assertThat(reserved.get("fields").has("slug")).isTrue();
        // Outside the input schema: the same envelope as the REST body, not the SDK's own text.
        JsonNode missing = calls.get("missing_argument");
        assertThat(missing.get("isError").asBoolean()).isTrue();
        assertThat(missing.get("structuredContent").get("error").get("code").asString()).isEqualTo("VALIDATION_FAILED");
        assertThat(missing.get("structuredContent").get("error").get("fields").has("value")).isTrue();
        assertThat(missing.get("text").asString()).contains("VALIDATION_FAILED", "field value");
        assertMatches(tools.get("suggest_slug").get("outputSchema"), missing.get("structuredContent"), "missing");
        JsonNode wrongShape = calls.get("wrong_shape");
        assertThat(wrongShape.get("isError").asBoolean()).isTrue();
        assertThat(wrongShape.get("structuredContent").get("error").get("code").asString()).isEqualTo("MALFORMED_JSON");
        assertThat(wrongShape.get("structuredContent").get("error").get("message").asString())
                .startsWith("The arguments are not valid JSON");

        // The extensions: a rollback and forward again, served at once; a website deleted; failures in the envelope.
        String rollbackSlug = calls.get("publish_rollback_site").get("structuredContent").get("slug").asString();
        for (String call : List.of("publish_rollback_site", "publish_rollback_v2", "diff_versions",
                "promote_version", "promote_version_again", "update_website", "delete_website", "get_history",
                "get_history_older", "publish_draft")) {
            JsonNode result = calls.get(call);
            assertThat(result.has("protocolError")).as(call + ": " + result).isFalse();
            assertThat(result.get("isError").asBoolean()).as(call + ": " + result).isFalse();
            String tool = call.startsWith("publish_rollback") ? (call.endsWith("site") ? "publish_website"
                    : "publish_version") : call.replace("_again", "").replace("_older", "");
            assertMatches(tools.get(tool).get("outputSchema"), result.get("structuredContent"), call);
        }
        McpDraftCalls.check(report);
        JsonNode updated = calls.get("update_website").get("structuredContent");
        assertThat(updated.get("retainVersions").asInt()).isEqualTo(1);
        assertThat(updated.get("description").asString()).isEqualTo("Kept short");
        assertThat(updated.get("versions")).as("live, a recent rollback target and the newest stay").hasSize(3);
        JsonNode refused = calls.get("update_website_invalid");
        assertThat(refused.get("isError").asBoolean()).as(refused.toString()).isTrue();
        assertThat(refused.get("structuredContent").get("error").at("/fields/retainVersions").isString()).isTrue();
        JsonNode diff = calls.get("diff_versions").get("structuredContent");
        assertThat(diff.get("changed")).hasSize(1);
        assertThat(diff.get("changed").get(0).get("path").asString()).isEqualTo("index.html");
        assertThat(diff.get("added")).hasSize(1);
        assertThat(diff.get("unchanged").asInt()).isZero();
        assertThat(calls.get("diff_versions").get("text").asString()).startsWith("1 added, 0 removed, 1 changed");
        JsonNode badAgainst = calls.get("diff_bad_against");
        assertThat(badAgainst.get("isError").asBoolean()).as(badAgainst.toString()).isTrue();
        assertThat(badAgainst.get("structuredContent").get("error").get("code").asString()).isEqualTo("BAD_REQUEST");
        assertThat(badAgainst.get("structuredContent").get("error").get("fields").has("against")).isTrue();
        assertMatches(tools.get("diff_versions").get("outputSchema"), badAgainst.get("structuredContent"), "bad");
        JsonNode rolledBack = calls.get("promote_version").get("structuredContent");
        assertThat(rolledBack.get("version").asInt()).isEqualTo(1);
        assertThat(rolledBack.get("isCurrent").asBoolean()).isTrue();
        assertThat(calls.get("promote_version").get("text").asString()).startsWith("Version 1 is live");
        assertThat(report.get("servedAfterRollback").asString()).contains("Rollback v1");
        assertThat(calls.get("promote_version_again").get("structuredContent").get("version").asInt()).isEqualTo(1);
        JsonNode keyed = calls.get("publish_keyed");
        assertThat(keyed.get("isError").asBoolean()).as(keyed.toString()).isFalse();
        assertThat(keyed.get("structuredContent").get("version").asInt()).isEqualTo(3);
        assertThat(calls.get("publish_keyed_retry")).as("the retry gets the first answer").isEqualTo(keyed);
        JsonNode reused = calls.get("publish_keyed_reused");
        assertThat(reused.get("isError").asBoolean()).isTrue();
        assertThat(reused.get("structuredContent").get("error").get("code").asString())
                .isEqualTo("IDEMPOTENCY_KEY_REUSED");
        JsonNode invalidKeyed = calls.get("publish_keyed_invalid");
        assertThat(invalidKeyed.get("structuredContent").get("error").get("code").asString())
                .isEqualTo("PUBLISH_INVALID");
        assertThat(calls.get("publish_keyed_invalid_retry")).as("a kept failure").isEqualTo(invalidKeyed);
        for (String keyedTool : List.of("publish_website", "publish_version", "create_upload", "promote_version")) {
            JsonNode argument = tools.get(keyedTool).get("inputSchema").get("properties").get("idempotencyKey");
            assertThat(argument.get("type").asString()).as(keyedTool).isEqualTo("string");
            assertThat(argument.get("maxLength").asInt()).isEqualTo(255);
        }
        assertThat(tools.get("get_website").get("inputSchema").get("properties").has("idempotencyKey")).isFalse();
        assertThat(calls.get("delete_website").get("structuredContent").isEmpty()).isTrue();
        // get_history: the REST body, newest first (the promotion, version 2, version 1, the creation), in pages.
        JsonNode newest = calls.get("get_history").get("structuredContent");
        assertThat(newest.get("items").valueStream().map(item -> item.get("type").asString()).toList())
                .containsExactly("version.promoted", "version.published");
        assertThat(newest.get("items").get(0).get("actor").get("via").asString()).isEqualTo("token");
        assertThat(newest.get("next").asString()).isEqualTo("2");
        JsonNode older = calls.get("get_history_older").get("structuredContent");
        assertThat(older.get("items").valueStream().map(item -> item.get("seq").asInt()).toList())
                .containsExactly(1, 0);
        assertThat(older.has("next")).isFalse();
        JsonNode historyGone = calls.get("get_history_deleted");
        assertThat(historyGone.get("isError").asBoolean()).as(historyGone.toString()).isTrue();
        assertThat(historyGone.get("structuredContent").get("error").get("code").asString()).isEqualTo("NOT_FOUND");
        assertMatches(tools.get("get_history").get("outputSchema"), historyGone.get("structuredContent"),
                "get_history_deleted");
        assertThat(http().site(rollbackSlug, "/").status()).isEqualTo(410);
        for (String call : List.of("promote_unknown_version", "diff_unknown_version", "delete_website_again",
                "promote_deleted")) {
            JsonNode result = calls.get(call);
            assertThat(result.get("isError").asBoolean()).as(call + ": " + result).isTrue();
            assertThat(result.get("structuredContent").get("error").get("code").asString()).as(call)
                    .isEqualTo("NOT_FOUND");
            assertThat(result.get("text").asString()).as(call).startsWith("NOT_FOUND (HTTP 404)");
            String tool = call.startsWith("promote") ? "promote_version" : call.startsWith("diff")
                    ? "diff_versions" : "delete_website";
            assertMatches(tools.get(tool).get("outputSchema"), result.get("structuredContent"), call);
        }

        // validate_bundle: the REST dry run's body as structuredContent, an unseen website as isError.
        JsonNode validated = calls.get("validate_bundle");
        assertThat(validated.get("isError").asBoolean()).as(validated.toString()).isFalse();
        assertThat(validated.get("structuredContent").get("valid").asBoolean()).isTrue();
        assertThat(validated.get("structuredContent").get("warnings").get(0).get("detail").asString())
                .isEqualTo("line 2: menu.html");
        assertThat(validated.get("text").asString()).startsWith("The bundle would be published");
        JsonNode refusedVersion = calls.get("validate_bundle_version");
        assertThat(refusedVersion.get("isError").asBoolean()).isFalse();
        assertThat(refusedVersion.get("structuredContent").get("valid").asBoolean()).isFalse();
        assertThat(refusedVersion.get("structuredContent").get("violations").valueStream()
                .map(v -> v.get("code").asString()).toList()).contains("EXTERNAL_URL", "MISSING_INDEX");
        JsonNode unseen = calls.get("validate_bundle_unknown");
        assertThat(unseen.get("isError").asBoolean()).as(unseen.toString()).isTrue();
        assertThat(unseen.get("structuredContent").get("error").get("code").asString()).isEqualTo("NOT_FOUND");
        for (String call : List.of("validate_bundle", "validate_bundle_version", "validate_bundle_unknown")) {
            assertMatches(tools.get("validate_bundle").get("outputSchema"), calls.get(call).get("structuredContent"),
                    call);
        }
        assertThat(tools.get("validate_bundle").get("inputSchema").get("required")).extracting(JsonNode::asString)
                .containsExactly("files");
        assertThat(tools.get("publish_website").get("inputSchema").get("properties").has("dryRun"))
                .as("the publish tools keep the specified shape").isFalse();
        assertThat(tools.get("validate_bundle").get("inputSchema").get("properties").has("idempotencyKey"))
                .as("a dry run records nothing, so it is not keyed").isFalse();
        assertThat(tools.get("validate_bundle").get("inputSchema").get("properties").has("dryRun")).isFalse();

        // Published through MCP: served at its host, and the same website through REST with the same token.
        String slug = report.get("slug").asString();
        String websiteId = report.get("websiteId").asString();
        Http.Response page = http().site(slug, "/");
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.text()).contains("Fresh bread v2").doesNotContain("Draft v3");
        Http.Response image = http().site(slug, "/images/dot.png");
        assertThat(image.raw().body()).isEqualTo(Base64.getDecoder().decode(report.get("pngBase64").asString()));
        Http.Response rest = http().get("/v1/websites/" + websiteId, ALICE);
        assertThat(rest.status()).isEqualTo(200);
        assertThat(PreviewLinks.withoutGrants(rest.json()))
                .isEqualTo(PreviewLinks.withoutGrants(calls.get("get_website").get("structuredContent")));
        assertThat(http().get("/v1/websites/" + websiteId, BOB).status()).as("another account").isEqualTo(404);
    }

    @Test
    void suggestSlugSaysANameIsNotASlugAndThatItsSlugFormIsFree() throws Exception {
        String name = "Lakeside Yoga Studio " + Long.toString(System.nanoTime(), 36);
        String slug = io.sites.api.site.Slug.normalize(name);
        JsonNode result = Http.JSON.readTree(post("""
                {"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"suggest_slug",
                 "arguments":{"value":"%s"}}}""".formatted(name), ALICE).body()).get("result");

        JsonNode answer = result.get("structuredContent");
        assertThat(answer.get("valid").asBoolean()).isFalse();
        assertThat(answer.get("available").asBoolean()).isFalse();
        assertThat(answer.get("suggestion").asString()).isEqualTo(slug);
        String message = "'" + name + "' is a name, not a slug, so as given it is neither valid nor available; "
                + "its slug form " + slug + " is free: use the "
                + "suggestion " + slug + ".";
        assertThat(answer.get("message").asString()).isEqualTo(message);
        assertThat(result.get("content").get(0).get("text").asString()).contains(message);
    }

    @Test
    void aRequestWithoutATokenIsChallengedWithTheMetadataOfTheMcpResource() throws Exception {
        HttpResponse<String> response = post(initialize("2025-11-25"), null);
        assertThat(response.statusCode()).isEqualTo(401);
        String challenge = response.headers().firstValue("WWW-Authenticate").orElseThrow();
        assertThat(challenge).startsWith("Bearer resource_metadata=\"")
                .endsWith("/.well-known/oauth-protected-resource/mcp\"");
        String metadata = URI.create(challenge.substring(challenge.indexOf('"') + 1, challenge.lastIndexOf('"')))
                .getPath();
        Http.Response document = http().get(metadata, null);
        assertThat(document.status()).isEqualTo(200);
        assertThat(document.json().get("resource").asString()).endsWith("/mcp");
        assertThat(Http.JSON.readTree(response.body()).get("error").get("code").asString())
                .isEqualTo("AUTH_REQUIRED");
        HttpResponse<String> wrongToken = post(initialize("2025-11-25"), null,
                "Authorization", "Bearer sites_pat_unknown000000000000000000000000000000");
        assertThat(wrongToken.statusCode()).isEqualTo(401);
        assertThat(wrongToken.headers().firstValue("WWW-Authenticate").orElseThrow()).contains("invalid_token");
    }

    @Test
    void aForeignOriginIsForbiddenAndTheServiceOwnOriginIsNot() throws Exception {
        HttpResponse<String> foreign = post(initialize("2025-11-25"), ALICE, "Origin", "https://evil.example");
        assertThat(foreign.statusCode()).isEqualTo(403);
        JsonNode body = Http.JSON.readTree(foreign.body());
        assertThat(body.get("jsonrpc").asString()).isEqualTo("2.0");
        assertThat(body.get("error").get("message").asString()).contains("Origin");
        assertThat(post(initialize("2025-11-25"), ALICE, "Origin", "http://localhost:" + port).statusCode())
                .isEqualTo(200);
    }

    @Test
    void aForeignHostIsRefusedWhileTheServiceIsOnLoopback() throws Exception {
        assertThat(post(initialize("2025-11-25"), ALICE, "Host", "rebound.example").statusCode()).isEqualTo(421);
    }

    @Test
    void anUnsupportedProtocolVersionHeaderIsABadRequest() throws Exception {
        String list = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";
        HttpResponse<String> unsupported = post(list, ALICE, "MCP-Protocol-Version", "1999-01-01");
        assertThat(unsupported.statusCode()).isEqualTo(400);
        assertThat(unsupported.body()).contains("2025-11-25");
        assertThat(post(list, ALICE, "MCP-Protocol-Version", "2025-06-18").statusCode()).isEqualTo(200);
    }

    @Test
    void getIsMethodNotAllowedOnAStatelessServer() throws Exception {
        HttpResponse<String> get = CLIENT.send(HttpRequest.newBuilder(mcp()).GET()
                .header("Authorization", "Bearer " + ALICE).header("Accept", "text/event-stream").build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(get.statusCode()).isEqualTo(405);
        assertThat(get.headers().firstValue("Allow")).hasValue("POST");
    }

    @ParameterizedTest
    @ValueSource(strings = {"2025-06-18", "2025-11-25", "2025-03-26"})
    void everyVersionTheSdkSupportsIsNegotiated(String version) throws Exception {
        HttpResponse<String> response = post(initialize(version), ALICE);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Mcp-Session-Id")).as("stateless: no session").isEmpty();
        JsonNode result = Http.JSON.readTree(response.body()).get("result");
        assertThat(result.get("protocolVersion").asString()).isEqualTo(version);
        assertThat(result.get("capabilities").has("tools")).isTrue();
        assertThat(result.get("instructions").asString()).contains("publish_website");
    }

    @Test
    void anUnknownVersionIsAnsweredWithTheLatest() throws Exception {
        JsonNode result = Http.JSON.readTree(post(initialize("2030-01-01"), ALICE).body()).get("result");
        assertThat(result.get("protocolVersion").asString()).isEqualTo("2025-11-25");
    }

    /** Runs the official TypeScript client's whole session (src/test/js/mcp-client.mjs) and returns its report. */
    static JsonNode clientReport(int port, String token) throws Exception {
        NodeScripts.Outcome outcome = NodeScripts.run("mcp-client.mjs",
                Map.of("MCP_URL", "http://127.0.0.1:" + port + "/mcp", "MCP_TOKEN", token,
                        "PUT_ORIGIN", "http://127.0.0.1:" + port), 180).succeeded();
        return Http.JSON.readTree(outcome.stdout());
    }

    private static void assertMatches(JsonNode schema, JsonNode instance, String what) {
        List<Error> errors = SCHEMAS.getSchema(schema).validate(instance);
        assertThat(errors).as(what + " against its outputSchema: " + instance).isEmpty();
    }

    private static String initialize(String version) {
        return INITIALIZE.formatted(version);
    }

    private URI mcp() {
        return URI.create("http://127.0.0.1:" + port + "/mcp");
    }

    private HttpResponse<String> post(String body, String token, String... headers)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(mcp()).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
