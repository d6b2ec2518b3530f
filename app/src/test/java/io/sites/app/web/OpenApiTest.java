package io.sites.app.web;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import io.sites.api.Category;
import io.sites.api.Door;
import io.sites.api.JobStatus;
import io.sites.api.WebsiteRole;
import io.sites.api.VersionKind;
import io.sites.api.WebsiteStatus;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The OpenAPI 3.1 document is valid, covers every operation of the spec, and every real response (success and
 * each error status we can provoke) matches the schema the document declares for that operation and status.
 */
class OpenApiTest extends EmbeddedAppTest {
    static final List<String> OPERATIONS = List.of("getApiIndex", "listWebsites", "createWebsite", "getWebsite",
            "listWebsiteVersions", "createWebsiteVersion", "getJob", "createUploads", "suggestSlug",
            // Extensions of interface 1.0.0, marked as such.
            "promoteVersion", "deleteWebsite", "diffVersions", "getHistory", "getMe", "updateWebsite",
            "addDomain", "listDomains", "verifyDomain", "removeDomain", "getUsage", "getAccountUsage", "publishDraft",
            "claimDraft", "streamEvents",
            "addWebhook", "listWebhooks", "getWebhook", "removeWebhook", "testWebhook", "listWebhookDeliveries",
            "addAccountWebhook", "listAccountWebhooks", "getAccountWebhook", "removeAccountWebhook",
            "testAccountWebhook", "listAccountWebhookDeliveries", "findMissingDigests", "uploadFiles");
    static final List<String> EXTENSIONS = List.of("promoteVersion", "deleteWebsite", "updateWebsite", "diffVersions",
            "getHistory", "getMe", "addDomain", "listDomains", "verifyDomain", "removeDomain", "getUsage",
            "getAccountUsage", "publishDraft", "claimDraft", "streamEvents",
            "addWebhook", "listWebhooks", "getWebhook", "removeWebhook", "testWebhook", "listWebhookDeliveries",
            "addAccountWebhook", "listAccountWebhooks", "getAccountWebhook", "removeAccountWebhook",
            "testAccountWebhook", "listAccountWebhookDeliveries", "findMissingDigests", "uploadFiles");

    @Test
    void documentIsValidOpenApi31AndCoversEveryOperation() {
        Http.Response served = http().get("/v1/openapi.json", null);
        assertThat(served.status()).as("public, as GET /v1 links it").isEqualTo(200);
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult parsed = new OpenAPIV3Parser().readContents(served.text(), null, options);
        assertThat(parsed.getMessages()).isEmpty();
        assertThat(parsed.getOpenAPI().getOpenapi()).isEqualTo("3.1.0");
        assertThat(parsed.getOpenAPI().getInfo().getVersion()).isEqualTo("1.0.0");
        assertThat(parsed.getOpenAPI().getServers().getFirst().getUrl()).startsWith("http://localhost:");
        List<String> operations = new ArrayList<>();
        parsed.getOpenAPI().getPaths().values().forEach(path -> path.readOperations()
                .forEach(operation -> operations.add(operation.getOperationId())));
        assertThat(operations).containsExactlyInAnyOrderElementsOf(OPERATIONS);
        assertThat(http().get("/v1", null).json().get("openapi").asString()).endsWith("/v1/openapi.json");
    }

    @Test
    void everyRealResponseMatchesTheDocument() {
        JsonNode document = http().get("/v1/openapi.json", null).json();
        String slug = unique("oas");
        String noToken = null;
        check(document, "getApiIndex", http().get("/v1", noToken), 200);
        check(document, "getMe", http().get("/v1/me", ALICE), 200);
        check(document, "getMe", http().get("/v1/me", noToken), 401);

        Http.Response created = http().post("/v1/websites", ALICE, site(slug, "OpenAPI",
                file("index.html", "<p>one</p>"), file("a.css", "p{}")));
        check(document, "createWebsite", created, 201);
        check(document, "createWebsite", http().post("/v1/websites", noToken, site(null, "x", file("index.html", "x"))), 401);
        check(document, "createWebsite", http().post("/v1/websites", ALICE, site(slug, "again", file("index.html", "x"))), 409);
        check(document, "createWebsite", http().post("/v1/websites", ALICE, site(null, "bad",
                file("about.html", "<script src=\"https://cdn.example/x.js\"></script>"))), 422);
        Map<String, Object> badCategory = site(null, "bad", file("index.html", "x"));
        badCategory.put("category", "castle");
        check(document, "createWebsite", http().post("/v1/websites", ALICE, badCategory), 422);

        String id = created.json().get("websiteId").asString();
        String settings = "/v1/websites/" + id;
        check(document, "updateWebsite", http().send("PATCH", settings, ALICE, "application/json",
                "{\"retainVersions\": 10, \"expiresAt\": null, \"description\": \"Settings\"}"), 200);
        check(document, "updateWebsite", http().send("PATCH", settings, ALICE, "application/json",
                "{\"retainVersions\": 0}"), 422);
        check(document, "updateWebsite", http().send("PATCH", settings, noToken, "application/json", "{}"), 401);
        check(document, "updateWebsite", http().send("PATCH", settings, BOB, "application/json", "{}"), 404);
        Http.Response stored = http().post("/v1/websites/" + id + "/versions", ALICE,
                version(false, "later", file("index.html", "<p>two</p>")));
        check(document, "createWebsiteVersion", stored, 201);
        check(document, "createWebsiteVersion", http().post("/v1/websites/" + id + "/versions", noToken,
                version(null, null, file("index.html", "x"))), 401);
        check(document, "createWebsiteVersion", http().post("/v1/websites/" + id + "/versions", BOB,
                version(null, null, file("index.html", "x"))), 404);
        check(document, "createWebsiteVersion", http().post("/v1/websites/" + id + "/versions", ALICE,
                version(null, null, file("page.html", "x"))), 422);

        check(document, "listWebsites", http().get("/v1/websites", ALICE), 200);
        check(document, "listWebsites", http().get("/v1/websites", noToken), 401);
        check(document, "getWebsite", http().get("/v1/websites/" + id, ALICE), 200);
        check(document, "getWebsite", http().get("/v1/websites/" + id, noToken), 401);
        check(document, "getWebsite", http().get("/v1/websites/" + id, BOB), 404);
        check(document, "listWebsiteVersions", http().get("/v1/websites/" + id + "/versions", ALICE), 200);
        check(document, "listWebsiteVersions", http().get("/v1/websites/" + id + "/versions", noToken), 401);
        check(document, "listWebsiteVersions", http().get("/v1/websites/" + id + "/versions", BOB), 404);

        String job = stored.json().get("jobId").asString();
        check(document, "getJob", http().get("/v1/jobs/" + job, ALICE), 200);
        check(document, "getJob", http().get("/v1/jobs/" + job, noToken), 401);
        check(document, "getJob", http().get("/v1/jobs/" + job, BOB), 404);

        check(document, "suggestSlug", http().get("/v1/slugs/suggest?value=" + slug, ALICE), 200);
        check(document, "suggestSlug", http().get("/v1/slugs/suggest?value=Fresh%20Bread", ALICE), 200);
        check(document, "suggestSlug", http().get("/v1/slugs/suggest?value=fresh", noToken), 401);
        check(document, "suggestSlug", http().get("/v1/slugs/suggest?value=", ALICE), 422);

        check(document, "createUploads", http().post("/v1/uploads", ALICE,
                Map.of("files", List.of(Map.of("path", "img/a.png", "size", 1234), Map.of("path", "docs/b.pdf")))),
                201);
        check(document, "createUploads", http().post("/v1/uploads", noToken,
                Map.of("files", List.of(Map.of("path", "img/a.png")))), 401);
        check(document, "createUploads", http().post("/v1/uploads", ALICE,
                Map.of("files", List.of(Map.of("path", "video/big.mp4", "size", 52_428_801)))), 413);
        check(document, "createUploads", http().post("/v1/uploads", ALICE,
                Map.of("files", List.of(Map.of("path", "img/a.png"), Map.of("path", "img/a.png")))), 422);
        check(document, "createUploads", http().post("/v1/uploads", ALICE,
                Map.of("files", List.of(Map.of("path", "../escape.png")))), 422);
    }

    @Test
    void dryRunsAndWarningsAreMarkedAndTheirRealResponsesMatchTheDocument() {
        JsonNode document = http().get("/v1/openapi.json", null).json();
        for (String publish : List.of("createWebsite", "createWebsiteVersion")) {
            JsonNode dryRun = operation(document, publish).get("parameters").valueStream()
                    .filter(p -> p.get("name").asString().equals("dryRun")).findFirst().orElseThrow();
            assertThat(dryRun.get("x-extension-of").asString()).isEqualTo("1.0.0");
        }
        String page = "<p><a href=\"gone.html\">gone</a></p>";
        check(document, "createWebsite", http().post("/v1/websites?dryRun=true", ALICE, site(null, "Dry",
                file("index.html", page))), 200);
        check(document, "createWebsite", http().post("/v1/websites?dryRun=true", ALICE, site(null, "Dry",
                file("about.html", page))), 200);
        Http.Response created = http().post("/v1/websites", ALICE, site(null, "Warned", file("index.html", page)));
        check(document, "createWebsite", created, 201);
        String id = created.json().get("websiteId").asString();
        check(document, "createWebsiteVersion", http().post("/v1/websites/" + id + "/versions?dryRun=true", ALICE,
                version(null, null, file("index.html", page))), 200);
        check(document, "createWebsiteVersion", http().post("/v1/websites/" + id + "/versions", ALICE,
                version(null, null, file("index.html", page))), 201);
        check(document, "getJob", http().get("/v1/jobs/" + created.json().get("jobId").asString(), ALICE), 200);
        check(document, "createWebsite", http().post("/v1/websites", ALICE, site(null, "bad",
                file("index.html", page + "<iframe src=\"x.html\"></iframe>"))), 422);
    }

    @Test
    void theExtensionsAreMarkedAndTheirRealResponsesMatchTheDocument() {
        JsonNode document = http().get("/v1/openapi.json", null).json();
        for (String extension : EXTENSIONS) {
            assertThat(operation(document, extension).get("x-extension-of").asString()).isEqualTo("1.0.0");
        }
        String noToken = null;
        Http.Response created = http().post("/v1/websites", ALICE, site(unique("oas-ext"), "Extensions",
                file("index.html", "<p>one</p>")));
        String id = created.json().get("websiteId").asString();
        http().post("/v1/websites/" + id + "/versions", ALICE, version(null, null, file("index.html", "<p>two</p>")));
        String promote = "/v1/websites/" + id + "/versions/1/promote";
        check(document, "promoteVersion", http().post(promote, ALICE, ""), 200);
        check(document, "promoteVersion", http().post(promote, noToken, ""), 401);
        check(document, "promoteVersion", http().post(promote, BOB, ""), 404);
        check(document, "promoteVersion", http().post(promote.replace("/1/", "/7/"), ALICE, ""), 404);
        String diff = "/v1/websites/" + id + "/versions/2/diff?against=1";
        check(document, "diffVersions", http().get(diff, ALICE), 200);
        check(document, "diffVersions", http().get(diff, noToken), 401);
        check(document, "diffVersions", http().get(diff, BOB), 404);
        check(document, "diffVersions", http().get(diff.replace("=1", "=7"), ALICE), 404);
        check(document, "diffVersions", http().get(diff.replace("=1", "=one"), ALICE), 400);

        String history = "/v1/websites/" + id + "/history";
        check(document, "getHistory", http().get(history, ALICE), 200);
        check(document, "getHistory", http().get(history + "?limit=1", ALICE), 200);
        check(document, "getHistory", http().get(history, noToken), 401);
        check(document, "getHistory", http().get(history, BOB), 404);
        check(document, "getHistory", http().get(history + "?limit=0", ALICE), 400);
        check(document, "getHistory", http().get(history + "?before=x", ALICE), 400);

        // The feed's refusals, before any stream (its events: EventFeedContract).
        check(document, "streamEvents", http().get("/v1/events?websiteId=" + id, noToken), 401);
        check(document, "streamEvents", http().get("/v1/events?websiteId=" + id, BOB), 404);
        check(document, "streamEvents", http().get("/v1/events?after=nonsense", ALICE), 400);

        String domains = "/v1/websites/" + id + "/domains";
        String host = unique("oas") + ".example.org";
        check(document, "addDomain", http().post(domains, ALICE, java.util.Map.of("hostname", host)), 201);
        check(document, "addDomain", http().post(domains, ALICE, java.util.Map.of("hostname", "localhost")), 422);
        check(document, "addDomain", http().post(domains, BOB, java.util.Map.of("hostname", host)), 404);
        check(document, "listDomains", http().get(domains, ALICE), 200);
        check(document, "listDomains", http().get(domains, noToken), 401);
        assertThat(http().send("DELETE", domains + "/" + host, ALICE, null, null).status()).isEqualTo(204);
        check(document, "removeDomain", http().send("DELETE", domains + "/" + host, ALICE, null, null), 404);

        String hooks = "/v1/websites/" + id + "/webhooks";
        java.util.Map<String, Object> hook = java.util.Map.of("url", "https://hooks.oas-test.invalid/in",
                "events", List.of("version.published"));
        Http.Response added = http().post(hooks, ALICE, hook);
        check(document, "addWebhook", added, 201);
        check(document, "addWebhook", http().post(hooks, ALICE, java.util.Map.of("url", "http://hooks.example.com/")),
                422);
        check(document, "addWebhook", http().post(hooks, noToken, hook), 401);
        check(document, "addWebhook", http().post(hooks, BOB, hook), 404);
        String one = hooks + "/" + added.json().get("id").asString();
        check(document, "listWebhooks", http().get(hooks, ALICE), 200);
        check(document, "getWebhook", http().get(one, ALICE), 200);
        check(document, "getWebhook", http().get(hooks + "/wh_none", ALICE), 404);
        check(document, "testWebhook", http().post(one + "/test", ALICE, ""), 202);
        check(document, "listWebhookDeliveries", http().get(one + "/deliveries", ALICE), 200);
        check(document, "listWebhookDeliveries", http().get(one + "/deliveries", BOB), 404);
        assertThat(http().send("DELETE", one, ALICE, null, null).status()).isEqualTo(204);
        check(document, "removeWebhook", http().send("DELETE", one, ALICE, null, null), 404);
        Http.Response account = http().post("/v1/webhooks", ALICE, hook);
        check(document, "addAccountWebhook", account, 201);
        check(document, "listAccountWebhooks", http().get("/v1/webhooks", ALICE), 200);
        check(document, "listAccountWebhooks", http().get("/v1/webhooks", noToken), 401);
        String mine = "/v1/webhooks/" + account.json().get("id").asString();
        check(document, "getAccountWebhook", http().get(mine, ALICE), 200);
        check(document, "getAccountWebhook", http().get(mine, BOB), 404);
        check(document, "testAccountWebhook", http().post(mine + "/test", ALICE, ""), 202);
        check(document, "listAccountWebhookDeliveries", http().get(mine + "/deliveries", ALICE), 200);
        check(document, "removeAccountWebhook", http().send("DELETE", mine, BOB, null, null), 404);
        assertThat(http().send("DELETE", mine, ALICE, null, null).status()).isEqualTo(204);

        String usage = "/v1/websites/" + id + "/usage";
        check(document, "getUsage", http().get(usage, ALICE), 200);
        check(document, "getUsage", http().get(usage + "?granularity=hour&from=2026-11-01", ALICE), 200);
        check(document, "getUsage", http().get(usage, noToken), 401);
        check(document, "getUsage", http().get(usage, BOB), 404);
        check(document, "getUsage", http().get(usage + "?from=2025-01-01", ALICE), 422);
        check(document, "getUsage", http().get(usage + "?to=soon", ALICE), 400);
        check(document, "getAccountUsage", http().get("/v1/usage", ALICE), 200);
        check(document, "getAccountUsage", http().get("/v1/usage", noToken), 401);
        check(document, "getAccountUsage", http().get("/v1/usage?from=2025-01-01", ALICE), 422);
        check(document, "getAccountUsage", http().get("/v1/usage?from=never", ALICE), 400);

        check(document, "deleteWebsite", http().send("DELETE", "/v1/websites/" + id, noToken, null, null), 401);
        check(document, "deleteWebsite", http().send("DELETE", "/v1/websites/" + id, BOB, null, null), 404);
        Http.Response deleted = http().send("DELETE", "/v1/websites/" + id, ALICE, null, null);
        assertThat(deleted.status()).isEqualTo(204);
        assertThat(deleted.raw().body()).isEmpty();
        assertThat(operation(document, "deleteWebsite").get("responses").get("204").has("content")).isFalse();
        assertThat(operation(document, "deleteWebsite").get("responses").has("403")).isTrue();
        assertThat(operation(document, "promoteVersion").get("responses").has("409")).isTrue();
    }

    @Test
    void statusesKindsRolesAndCategoriesAreTheEnumsOfTheSharedApi() {
        JsonNode schemas = http().get("/v1/openapi.json", null).json().get("components").get("schemas");
        Map<String, List<String>> expected = new LinkedHashMap<>();
        expected.put("Website.status", wires(WebsiteStatus.values(), WebsiteStatus::wire));
        expected.put("Website.role", wires(WebsiteRole.values(), WebsiteRole::wire));
        expected.put("Website.category", wires(Category.values(), Category::wire));
        expected.put("PublishWebsiteRequest.category", wires(Category.values(), Category::wire));
        expected.put("WebsiteSummary.status", wires(WebsiteStatus.values(), WebsiteStatus::wire));
        expected.put("WebsiteSummary.role", wires(WebsiteRole.values(), WebsiteRole::wire));
        expected.put("WebsiteSummary.latestJobStatus", wires(JobStatus.values(), JobStatus::wire));
        expected.put("Version.kind", wires(VersionKind.values(), VersionKind::wire));
        expected.put("Version.status", wires(JobStatus.values(), JobStatus::wire));
        expected.put("Job.status", wires(JobStatus.values(), JobStatus::wire));
        expected.put("HistoryActor.via", wires(Door.values(), Door::wire));
        expected.put("HistoryEntry.type", io.sites.query.website.HistoryEntries.TYPES);
        expected.forEach((field, values) -> {
            String[] at = field.split("\\.");
            List<String> documented = schemas.get(at[0]).get("properties").get(at[1]).get("enum").valueStream()
                    .filter(value -> !value.isNull()).map(JsonNode::asString).toList();
            assertThat(documented).as(field).containsExactlyInAnyOrderElementsOf(values);
        });
    }

    private static <E> List<String> wires(E[] values, Function<E, String> wire) {
        return Arrays.stream(values).map(wire).toList();
    }

    @Test
    void theValidatorsCatchMistakes() {
        Schema envelope = SCHEMAS.getSchema(
                SchemaLocation.of("classpath:openapi/openapi.json#/components/schemas/ErrorEnvelope"));
        assertThat(envelope.validate("{\"error\":{\"code\":\"X\"}}", InputFormat.JSON)).isNotEmpty();
        Schema website = SCHEMAS.getSchema(
                SchemaLocation.of("classpath:openapi/openapi.json#/components/schemas/Website"));
        assertThat(website.validate("""
                {"id":"web_x","name":"n","status":"active","role":"owner","category":"other",
                 "versions":[{"id":"job_x","version":1,"kind":"initial","status":"ready","isCurrent":true}]}""",
                InputFormat.JSON)).as("a version without files").isNotEmpty();
        SwaggerParseResult broken = new OpenAPIV3Parser().readContents(
                "{\"openapi\":\"3.1.0\",\"paths\":{\"/x\":{\"get\":{\"responses\":{\"200\":{}}}}}}", null,
                new ParseOptions());
        assertThat(broken.getMessages()).as("no info, no response description").isNotEmpty();
    }

    /** The response's status is declared for the operation and its body matches the declared schema. */
    static void check(JsonNode document, String operationId, Http.Response response, int status) {
        assertThat(response.status()).as(operationId + ": " + response.text()).isEqualTo(status);
        JsonNode declared = operation(document, operationId).get("responses").get(Integer.toString(status));
        assertThat(declared).as(operationId + " declares " + status).isNotNull();
        if (declared.has("$ref")) {
            declared = pointer(document, declared.get("$ref").asString());
        }
        String schemaRef = declared.get("content").get("application/json").get("schema").get("$ref").asString();
        Schema schema = SCHEMAS.getSchema(SchemaLocation.of("classpath:openapi/openapi.json" + schemaRef));
        List<Error> errors = schema.validate(response.text(), InputFormat.JSON);
        assertThat(errors).as(operationId + " " + status + " against " + schemaRef + ": " + response.text())
                .isEmpty();
    }

    private static final SchemaRegistry SCHEMAS = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
            registry -> registry.schemaRegistryConfig(SchemaRegistryConfig.builder()
                    .formatAssertionsEnabled(true).build()));

    private static JsonNode operation(JsonNode document, String operationId) {
        for (JsonNode path : document.get("paths")) {
            for (String method : List.of("get", "post", "put", "delete", "patch")) {
                if (path.has(method) && operationId.equals(path.get(method).get("operationId").asString())) {
                    return path.get(method);
                }
            }
        }
        throw new AssertionError("No operation " + operationId);
    }

    private static JsonNode pointer(JsonNode document, String ref) {
        return document.at(ref.substring(1));
    }
}
