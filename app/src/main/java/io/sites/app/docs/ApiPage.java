package io.sites.app.docs;

import io.sites.api.code.ErrorCode;
import io.sites.api.code.ViolationCode;
import io.sites.api.code.WarningCode;
import io.sites.app.mcp.McpTools;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.springframework.web.util.HtmlUtils;
import tools.jackson.databind.JsonNode;

/**
 * GET /docs: the API for people, one self-contained HTML page rendered from the OpenAPI document the service serves
 * (every operation with its parameters, body and responses, every schema with its fields), the MCP tool list, the
 * configured limits and the code catalogue. Its only style is one inline element, whose hash {@link #STYLE_HASH}
 * names in the page's Content-Security-Policy; it has no script, font or image, and nothing in it varies by time or
 * replica.
 */
final class ApiPage {
    static final String STYLE = """
            body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem;color:#1b1b1b;\
            background:#fff}h1{font-size:1.6rem}h2{margin-top:2.5rem;border-bottom:1px solid #ccc}\
            h3{margin-top:2rem}code,pre{font:.9em ui-monospace,monospace;background:#f3f3f3;border-radius:3px}\
            code{padding:0 .2em;overflow-wrap:anywhere}pre{padding:.6rem;overflow-x:auto}\
            table{border-collapse:collapse;width:100%;display:block;overflow-x:auto}\
            th,td{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}th{background:#f7f7f7}\
            .method{font-weight:700;text-transform:uppercase}.ext{color:#6a4a00}nav ul{columns:16rem}\
            a{color:#0645ad}@media(max-width:40rem){body{padding:.5rem;font-size:15px}}""";
    static final String STYLE_HASH = Hashes.cspHash(STYLE);
    private static final String SCHEMA_REF = "#/components/schemas/";
    private static final String RESPONSE_REF = "#/components/responses/";
    private static final String PARAMETER_REF = "#/components/parameters/";
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");
    private static final List<String> CONSTRAINTS = List.of("default", "const", "minLength", "maxLength", "pattern",
            "minimum", "maximum", "minItems", "maxItems");

    private final JsonNode document;
    private final StringBuilder html = new StringBuilder(64 * 1024);

    private ApiPage(JsonNode document) {
        this.document = document;
    }

    /** The page for this document (as served, servers included), these tools and these limits. */
    static String render(JsonNode document, List<McpTools.Described> tools, List<ServiceLimits.Limit> limits,
            String baseUrl, String tokensUrl) {
        return new ApiPage(document).page(tools, limits, baseUrl, tokensUrl);
    }

    private String page(List<McpTools.Described> tools, List<ServiceLimits.Limit> limits, String baseUrl,
            String tokensUrl) {
        JsonNode info = document.get("info");
        html.append("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .append("<title>").append(e(info.get("title").asString())).append(" — API</title>")
                .append("<style>").append(STYLE).append("</style></head><body>\n");
        html.append("<h1>").append(e(info.get("title").asString())).append("</h1>\n<p>Interface version <code>")
                .append(e(info.get("version").asString())).append("</code>, base URL <code>").append(e(baseUrl))
                .append("</code>. ").append(e(info.path("description").asString(""))).append("</p>\n<p>")
                .append("Machine-readable: <a href=\"/v1/openapi.json\">OpenAPI 3.1 document</a> · ")
                .append("<a href=\"/llms.txt\">llms.txt</a> · <a href=\"/v1\">API index</a>.</p>\n");
        contents();
        authentication(baseUrl, tokensUrl);
        operations();
        tools(tools);
        errors();
        limits(limits);
        schemas();
        html.append("</body></html>\n");
        return html.toString();
    }

    private void contents() {
        html.append("<nav><h2>Contents</h2><ul><li><a href=\"#authentication\">Authentication</a></li>")
                .append("<li><a href=\"#operations\">Operations</a><ul>");
        eachOperation((path, method, operation) -> html.append("<li><a href=\"#").append(e(id(operation)))
                .append("\">").append(e(id(operation))).append("</a></li>"));
        html.append("</ul></li><li><a href=\"#mcp\">MCP tools</a></li><li><a href=\"#errors\">Errors</a></li>")
                .append("<li><a href=\"#limits\">Limits</a></li><li><a href=\"#schemas\">Schemas</a></li></ul>")
                .append("</nav>\n");
    }

    private void authentication(String baseUrl, String tokensUrl) {
        html.append("<h2 id=\"authentication\">Authentication</h2>\n<p>Every operation except ")
                .append("<code>getApiIndex</code> needs <code>Authorization: Bearer &lt;token&gt;</code>.</p><ul>");
        document.path("components").path("securitySchemes").properties().forEach(scheme -> html.append("<li><code>")
                .append(e(scheme.getKey())).append("</code> (").append(e(scheme.getValue().path("type").asString("")))
                .append(' ').append(e(scheme.getValue().path("scheme").asString(""))).append("): ")
                .append(e(scheme.getValue().path("description").asString(""))).append("</li>"));
        html.append("</ul>\n<p>Personal access tokens are minted by a person in the web application (<code>")
                .append(e(tokensUrl)).append("</code>). MCP clients can instead use OAuth 2.1 (authorization code ")
                .append("with PKCE, dynamic client registration): the protected-resource metadata (RFC 9728) is at ")
                .append("<code>")
                .append(e(baseUrl)).append("/.well-known/oauth-protected-resource</code> and <code>")
                .append(e(baseUrl)).append("/.well-known/oauth-protected-resource/mcp</code>, the authorization ")
                .append("server's at <code>").append(e(baseUrl)).append("/.well-known/oauth-authorization-server")
                .append("</code>. Every token carries the scope <code>mcp</code> and works on <code>/v1</code> and ")
                .append("<code>/mcp</code> alike. A 401 carries <code>WWW-Authenticate: Bearer resource_metadata=")
                .append("…</code> pointing at the metadata.</p>\n");
    }

    private void operations() {
        html.append("<h2 id=\"operations\">Operations</h2>\n");
        eachOperation(this::operation);
    }

    private void operation(String path, String method, JsonNode operation) {
        html.append("<section><h3 id=\"").append(e(id(operation))).append("\"><span class=\"method\">")
                .append(e(method)).append("</span> <code>").append(e(path)).append("</code> · <code>")
                .append(e(id(operation))).append("</code>").append(extension(operation)).append("</h3>\n<p>")
                .append(e(operation.path("summary").asString(""))).append("</p>\n");
        if (operation.has("description")) {
            html.append("<p>").append(e(operation.get("description").asString())).append("</p>\n");
        }
        html.append(operation.has("security") && operation.get("security").isEmpty()
                ? "<p>Public: no token.</p>\n" : "<p>Bearer token, scope <code>mcp</code>.</p>\n");
        List<JsonNode> parameters = new ArrayList<>();
        document.get("paths").get(path).path("parameters").forEach(parameters::add);
        operation.path("parameters").forEach(parameters::add);
        if (!parameters.isEmpty()) {
            html.append("<table><tr><th>Parameter</th><th>In</th><th>Type</th><th>Required</th><th>Description")
                    .append("</th></tr>\n");
            for (JsonNode given : parameters) {
                JsonNode parameter = resolve(given, PARAMETER_REF);
                html.append("<tr><td><code>").append(e(parameter.get("name").asString())).append("</code>")
                        .append(extension(parameter)).append("</td><td>").append(e(parameter.get("in").asString()))
                        .append("</td><td>").append(type(parameter.path("schema"))).append("</td><td>")
                        .append(parameter.path("required").asBoolean(false) ? "yes" : "no").append("</td><td>")
                        .append(e(parameter.path("description").asString(""))).append(constraints(parameter.path(
                                "schema"))).append("</td></tr>\n");
            }
            html.append("</table>\n");
        }
        JsonNode body = operation.path("requestBody").path("content").path("application/json").path("schema");
        if (!body.isMissingNode()) {
            html.append("<p>Request body (<code>application/json</code>): ").append(type(body)).append("</p>\n");
            JsonNode schema = body.has("$ref") ? schema(body.get("$ref").asString()) : body;
            fields(schema);
        }
        html.append("<table><tr><th>Status</th><th>Response</th><th>Body</th></tr>\n");
        operation.path("responses").properties().forEach(entry -> {
            JsonNode response = resolve(entry.getValue(), RESPONSE_REF);
            JsonNode content = response.path("content").path("application/json").path("schema");
            html.append("<tr><td>").append(e(entry.getKey())).append("</td><td>")
                    .append(e(response.path("description").asString(""))).append("</td><td>")
                    .append(content.isMissingNode() ? "none" : type(content)).append("</td></tr>\n");
        });
        html.append("</table></section>\n");
    }

    private void tools(List<McpTools.Described> tools) {
        html.append("<h2 id=\"mcp\">MCP tools</h2>\n<p><code>POST /mcp</code>: a Model Context Protocol server ")
                .append("(Streamable HTTP, JSON-RPC 2.0, stateless) with the same tokens as REST. Each tool is its ")
                .append("REST operation: the input is the operation's parameters plus its body, the structured ")
                .append("result is the REST response body, a failure is <code>isError</code> with the error ")
                .append("envelope.</p>\n<table><tr><th>Tool</th><th>Title</th><th>Description</th></tr>\n");
        for (McpTools.Described tool : tools) {
            html.append("<tr><td><code>").append(e(tool.name())).append("</code></td><td>")
                    .append(e(tool.title() == null ? "" : tool.title())).append("</td><td>")
                    .append(e(tool.description())).append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    private void errors() {
        html.append("<h2 id=\"errors\">Errors</h2>\n<p>Every non-2xx response has the body <a href=\"#schema-")
                .append("ErrorEnvelope\">ErrorEnvelope</a>:</p>\n<pre>{\"error\": {\"code\": \"PUBLISH_INVALID\", ")
                .append("\"message\": \"…\", \"fields\": {\"name\": \"…\"},\n           \"violations\": [{\"code\": ")
                .append("\"MISSING_INDEX\", \"message\": \"…\", \"path\": \"index.html\", \"detail\": \"…\"}]}}")
                .append("</pre>\n<h3 id=\"error-codes\">Error codes</h3>\n<table><tr><th>Code</th><th>Status</th>")
                .append("<th>Meaning</th></tr>\n");
        for (ErrorCode code : ErrorCode.values()) {
            html.append("<tr><td><code>").append(code.name()).append("</code></td><td>").append(code.status())
                    .append("</td><td>").append(e(code.meaning())).append("</td></tr>\n");
        }
        html.append("</table>\n<h3 id=\"violation-codes\">Violation codes</h3>\n<p>The <code>code</code> of each ")
                .append("entry of <code>error.violations</code>.</p><table><tr><th>Code</th><th>Meaning</th></tr>\n");
        for (ViolationCode code : ViolationCode.values()) {
            html.append("<tr><td><code>").append(code.name()).append("</code></td><td>").append(e(code.meaning()))
                    .append("</td></tr>\n");
        }
        html.append("</table>\n<h3 id=\"warning-codes\">Warning codes</h3>\n<p>Reported beside an accepted ")
                .append("bundle, never a reason to refuse it.</p><table><tr><th>Code</th><th>Meaning</th></tr>\n");
        for (WarningCode code : WarningCode.values()) {
            html.append("<tr><td><code>").append(code.name()).append("</code></td><td>").append(e(code.meaning()))
                    .append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    private void limits(List<ServiceLimits.Limit> limits) {
        html.append("<h2 id=\"limits\">Limits</h2>\n<p>As this deployment is configured.</p>\n<table><tr><th>")
                .append("Limit</th><th>Value</th><th>Setting</th></tr>\n");
        for (ServiceLimits.Limit limit : limits) {
            html.append("<tr><td>").append(e(limit.name())).append("</td><td>").append(e(limit.value()))
                    .append("</td><td><code>").append(e(limit.setting())).append("</code></td></tr>\n");
        }
        html.append("</table>\n");
    }

    private void schemas() {
        html.append("<h2 id=\"schemas\">Schemas</h2>\n");
        document.get("components").get("schemas").properties().forEach(entry -> {
            html.append("<section><h3 id=\"schema-").append(e(entry.getKey())).append("\">")
                    .append(e(entry.getKey())).append(extension(entry.getValue())).append("</h3>\n");
            if (entry.getValue().has("description")) {
                html.append("<p>").append(e(entry.getValue().get("description").asString())).append("</p>\n");
            }
            if (!entry.getValue().has("properties")) {
                html.append("<p>").append(type(entry.getValue())).append(constraints(entry.getValue()))
                        .append("</p>\n");
            }
            fields(entry.getValue());
            html.append("</section>\n");
        });
    }

    /** A table of an object schema's fields, nested objects and arrays of objects with dotted names. */
    private void fields(JsonNode schema) {
        if (!schema.has("properties") && !schema.has("allOf")) {
            return;
        }
        html.append("<table><tr><th>Field</th><th>Type</th><th>Required</th><th>Description</th></tr>\n");
        rows("", schema);
        html.append("</table>\n");
    }

    private void rows(String prefix, JsonNode schema) {
        schema.path("allOf").forEach(part -> rows(prefix, part.has("$ref") ? schema(part.get("$ref").asString())
                : part));
        Set<String> required = new LinkedHashSet<>();
        schema.path("required").forEach(name -> required.add(name.asString()));
        schema.path("properties").properties().forEach(entry -> {
            JsonNode property = entry.getValue();
            String name = prefix + entry.getKey();
            html.append("<tr><td><code>").append(e(name)).append("</code>").append(extension(property))
                    .append(property.path("deprecated").asBoolean(false) ? " (deprecated)" : "")
                    .append("</td><td>").append(type(property)).append("</td><td>")
                    .append(required.contains(entry.getKey()) ? "yes" : "no").append("</td><td>")
                    .append(e(property.path("description").asString(""))).append(constraints(property))
                    .append("</td></tr>\n");
            if (property.has("properties")) {
                rows(name + ".", property);
            } else if (property.path("items").has("properties")) {
                rows(name + "[].", property.get("items"));
            }
        });
    }

    /** A schema's type as a reader says it, with a link for a named schema. */
    private String type(JsonNode schema) {
        if (schema.has("$ref")) {
            String name = schema.get("$ref").asString().substring(SCHEMA_REF.length());
            return "<a href=\"#schema-" + e(name) + "\">" + e(name) + "</a>";
        }
        for (String choice : List.of("oneOf", "anyOf", "allOf")) {
            if (schema.has(choice)) {
                List<String> parts = new ArrayList<>();
                schema.get(choice).forEach(part -> parts.add(type(part)));
                return (choice.equals("allOf") ? "all of " : "one of ") + String.join(", ", parts);
            }
        }
        List<String> types = new ArrayList<>();
        if (schema.path("type").isArray()) {
            schema.get("type").forEach(type -> types.add(type.asString()));
        } else if (schema.has("type")) {
            types.add(schema.get("type").asString());
        }
        List<String> said = new ArrayList<>();
        for (String type : types) {
            if (type.equals("array")) {
                said.add("array of " + (schema.has("items") ? type(schema.get("items")) : "any"));
            } else if (type.equals("object") && schema.path("additionalProperties").isObject()) {
                said.add("object of string to " + type(schema.get("additionalProperties")));
            } else {
                said.add(e(type) + (schema.has("format") && !type.equals("null")
                        ? " (" + e(schema.get("format").asString()) + ")" : ""));
            }
        }
        String type = said.isEmpty() ? "any" : String.join(" or ", said);
        if (schema.has("enum")) {
            List<String> values = new ArrayList<>();
            schema.get("enum").forEach(value -> values.add("<code>" + e(String.valueOf(value.isNull() ? "null"
                    : value.asString())) + "</code>"));
            type += ": " + String.join(", ", values);
        }
        return type;
    }

    /** The schema's bounds (length, range, pattern, default), after its description. */
    private static String constraints(JsonNode schema) {
        List<String> said = new ArrayList<>();
        for (String keyword : CONSTRAINTS) {
            if (schema.has(keyword)) {
                said.add(keyword + " <code>" + e(schema.get(keyword).isString() ? schema.get(keyword).asString()
                        : schema.get(keyword).toString()) + "</code>");
            }
        }
        return said.isEmpty() ? "" : " (" + String.join(", ", said) + ")";
    }

    private static String extension(JsonNode node) {
        return node.has("x-extension-of") ? " <span class=\"ext\">(extension of " + e(node.get("x-extension-of")
                .asString()) + ")</span>" : "";
    }

    private JsonNode schema(String ref) {
        return document.get("components").get("schemas").get(ref.substring(SCHEMA_REF.length()));
    }

    private JsonNode resolve(JsonNode node, String prefix) {
        String ref = node.path("$ref").asString("");
        return ref.startsWith(prefix) ? document.at(ref.substring(1)) : node;
    }

    private void eachOperation(OperationVisitor visitor) {
        document.get("paths").properties().forEach(path -> path.getValue().properties().forEach(entry -> {
            if (METHODS.contains(entry.getKey())) {
                visitor.visit(path.getKey(), entry.getKey(), entry.getValue());
            }
        }));
    }

    private interface OperationVisitor {
        void visit(String path, String method, JsonNode operation);
    }

    private static String id(JsonNode operation) {
        return operation.get("operationId").asString();
    }

    private static String e(String text) {
        return HtmlUtils.htmlEscape(text, "UTF-8");
    }
}
