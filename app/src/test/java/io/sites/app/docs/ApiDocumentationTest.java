package io.sites.app.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.api.code.ErrorCode;
import io.sites.api.code.ViolationCode;
import io.sites.api.code.WarningCode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The documentation GET /v1 promises: every link of the index answers 200 with the right content type (a link that
 * needs a token gets the test token; /mcp is POSTed a tools/list, as it takes nothing else); /docs covers every
 * operation, schema and code of the served OpenAPI document and catalogue; /llms.txt names every tool the MCP server
 * lists and the limits as configured, which this context sets away from their defaults.
 */
@TestPropertySource(properties = {"sites.limits.publishes-per-minute=4321", "sites.limits.websites-per-account=77",
        "sites.limits.fetches-per-hour=123", "sites.limits.request-bytes=123456789"})
class ApiDocumentationTest extends EmbeddedAppTest {
    // What each link of the index must answer with; a link added to the index without an entry here fails.
    private static final Map<String, String> TYPES = Map.of(
            "openapi", "application/json",
            "mcp", "application/json",
            "protectedResourceMetadata", "application/json",
            "tokens", "text/html",
            "documentation", "text/html",
            "llms", "text/plain");
    private static final HttpClient BROWSER = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void everyLinkOfTheIndexAnswers200WithItsContentType() throws Exception {
        Map<String, String> links = new LinkedHashMap<>();
        collectLinks("", http().get("/v1", null).json(), links);
        assertThat(links).containsKeys("documentation", "llms", "openapi", "mcp");
        assertThat(TYPES.keySet()).as("every link has an expected content type").containsAll(links.keySet());
        for (Map.Entry<String, String> link : links.entrySet()) {
            URI uri = URI.create(link.getValue());
            // The links are absolute on {base_url}, which names port 0 while the test's server takes a free port.
            assertThat(uri.getHost()).as(link.getKey()).isEqualTo("localhost");
            HttpResponse<String> answer = link.getKey().equals("mcp") ? toolsList(uri) : get(uri, null);
            if (answer.statusCode() == 401) {
                answer = get(uri, ALICE);
            }
            assertThat(answer.statusCode()).as(link.getKey() + " " + uri).isEqualTo(200);
            assertThat(answer.headers().firstValue("Content-Type").orElse("")).as(link.getKey())
                    .startsWith(TYPES.get(link.getKey()));
        }
    }

    @Test
    void docsArePublicSelfContainedHtmlCoveringTheDocumentAndTheCatalogue() throws Exception {
        HttpResponse<String> docs = get(URI.create("http://127.0.0.1:" + http().port() + "/docs"), null,
                "Accept", "application/json");
        assertThat(docs.statusCode()).as("HTML whatever the Accept header asks").isEqualTo(200);
        assertThat(docs.headers().firstValue("Content-Type")).hasValue("text/html;charset=utf-8");
        String html = docs.body();
        JsonNode document = http().get("/v1/openapi.json", null).json();
        document.get("paths").properties().forEach(path -> {
            assertThat(html).contains("<code>" + path.getKey() + "</code>");
            path.getValue().values().forEach(operation -> {
                if (operation.has("operationId")) {
                    assertThat(html).contains("id=\"" + operation.get("operationId").asString() + "\"");
                    operation.get("responses").propertyNames().forEach(status -> assertThat(html)
                            .contains("<td>" + status + "</td>"));
                }
            });
        });
        document.get("components").get("schemas").propertyNames().forEach(schema -> assertThat(html)
                .contains("id=\"schema-" + schema + "\""));
        assertThat(html).contains("<code>files[].path</code>", "<code>error.code</code>", "4321 per account");
        for (ErrorCode code : ErrorCode.values()) {
            assertThat(html).contains("<code>" + code.name() + "</code></td><td>" + code.status());
        }
        for (Enum<?> code : concat(ViolationCode.values(), WarningCode.values())) {
            assertThat(html).contains("<code>" + code.name() + "</code>");
        }
        // Self-contained: no script, no external style, font or image, and a policy that would block them.
        assertThat(html).doesNotContain("<script", "<link", "<img", "<iframe", "src=");
        assertThat(html.substring(html.indexOf("<style>"), html.indexOf("</style>"))).doesNotContain("@import",
                "url(", "@font-face");
        String policy = docs.headers().firstValue("Content-Security-Policy").orElseThrow();
        assertThat(policy).startsWith("default-src 'none'").contains("style-src 'sha256-")
                .doesNotContain("unsafe-inline");
        String etag = docs.headers().firstValue("ETag").orElseThrow();
        assertThat(docs.headers().firstValue("Cache-Control").orElseThrow()).contains("public", "max-age=");
        assertThat(get(docs.uri(), null, "If-None-Match", etag).statusCode()).isEqualTo(304);
        assertThat(get(docs.uri(), null).headers().firstValue("ETag")).as("the same bytes every time")
                .hasValue(etag);
    }

    @Test
    void llmsTxtNamesEveryToolTheServerListsAndTheConfiguredLimits() throws Exception {
        URI base = URI.create("http://127.0.0.1:" + http().port());
        HttpResponse<String> llms = get(base.resolve("/llms.txt"), null);
        assertThat(llms.statusCode()).isEqualTo(200);
        assertThat(llms.headers().firstValue("Content-Type")).hasValue("text/plain;charset=utf-8");
        String text = llms.body();
        assertThat(text).startsWith("# ").contains("\n> ", "\n## ", "/docs)", "/v1/openapi.json)", "/mcp)");
        JsonNode tools = Http.JSON.readTree(toolsList(base.resolve("/mcp")).body()).get("result").get("tools");
        assertThat(tools.size()).isGreaterThanOrEqualTo(8);
        tools.forEach(tool -> assertThat(text).contains("- " + tool.get("name").asString() + ": "));
        assertThat(text).contains("Publishes: 4321 per account and minute", "Websites: 77 per account",
                "sourceUrl fetches: 123 per account and hour", "Request body: 123456789 bytes");
        for (ErrorCode code : ErrorCode.values()) {
            assertThat(text).contains("- " + code.name() + " (" + code.status() + "): " + code.meaning());
        }
        assertThat(llms.headers().firstValue("ETag")).isPresent();
    }

    @Test
    void unknownPathsBesideTheDocumentationKeepTheJsonEnvelope() {
        Http.Response missing = http().get("/docs/nothing", null);
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.json().get("error").get("code").asString()).isEqualTo("NOT_FOUND");
        assertThat(http().get("/llms-full.txt", null).json().get("error").get("code").asString())
                .isEqualTo("NOT_FOUND");
    }

    /** Every string of the index that is an absolute URL, by its key (nested keys joined with dots). */
    private static void collectLinks(String prefix, JsonNode node, Map<String, String> links) {
        node.properties().forEach(entry -> {
            JsonNode value = entry.getValue();
            if (value.isObject()) {
                collectLinks(prefix + entry.getKey() + ".", value, links);
            } else if (value.isString() && value.asString().matches("https?://.*")) {
                links.put(prefix + entry.getKey(), value.asString());
            }
        });
    }

    /** A GET as a browser sends it (redirects followed, to the sign-in page for the token page), on loopback. */
    private HttpResponse<String> get(URI uri, String token, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(loopback(uri)).timeout(Duration.ofSeconds(30)).GET();
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return BROWSER.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The MCP endpoint's one use of its link: a POSTed tools/list with the test token. */
    private HttpResponse<String> toolsList(URI uri) throws Exception {
        return BROWSER.send(HttpRequest.newBuilder(loopback(uri)).timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + ALICE).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}"))
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    private URI loopback(URI uri) {
        return URI.create("http://127.0.0.1:" + http().port() + uri.getRawPath()
                + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery()));
    }

    private static List<Enum<?>> concat(Enum<?>[] first, Enum<?>[] second) {
        List<Enum<?>> all = new ArrayList<>(List.of(first));
        all.addAll(List.of(second));
        return all;
    }
}
