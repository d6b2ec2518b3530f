package io.sites.app.docs;

import io.sites.api.code.ErrorCode;
import io.sites.api.code.ViolationCode;
import io.sites.app.mcp.McpTools;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * GET /llms.txt: the service for a language model, after the llms.txt convention (a title, a one-line summary, then
 * sections with links): what it does, the publish workflow by REST and by MCP (the tools as the MCP server lists
 * them), authentication, the configured limits and the error codes of the catalogue, one line each.
 */
final class LlmsText {
    private LlmsText() {
    }

    static String render(JsonNode openApi, List<McpTools.Described> tools, List<ServiceLimits.Limit> limits,
            String baseUrl, String tokensUrl, String siteUrl) {
        StringBuilder text = new StringBuilder(16 * 1024);
        text.append("# ").append(openApi.get("info").get("title").asString()).append("\n\n")
                .append("> Publishes static websites: a client sends a complete bundle of files (HTML, CSS, JS, ")
                .append("images), the service checks it against its authoring rules, stores it as a numbered ")
                .append("version and serves it at once at ").append(siteUrl).append(". REST under ").append(baseUrl)
                .append("/v1 and MCP tools at ").append(baseUrl).append("/mcp, with the same bearer tokens.\n\n")
                .append("Publishes are synchronous: when a publish answers 201 the site is live. Every publish is a ")
                .append("complete replacement bundle, not a diff; index.html is required. External scripts and ")
                .append("stylesheets, iframes and service workers are rejected; every violation is reported at ")
                .append("once.\n\n");
        text.append("## Docs\n\n")
                .append("- [API documentation](").append(baseUrl).append("/docs): every operation, field, ")
                .append("response and code, for people\n")
                .append("- [OpenAPI 3.1 document](").append(baseUrl).append("/v1/openapi.json): the machine-readable ")
                .append("contract\n")
                .append("- [API index](").append(baseUrl).append("/v1): where clients go next\n")
                .append("- [MCP endpoint](").append(baseUrl).append("/mcp): Streamable HTTP, JSON-RPC 2.0 over ")
                .append("POST, stateless\n\n");
        text.append("## Workflow\n\n")
                .append("REST: 1) GET /v1/slugs/suggest?value={name} for an available slug. 2) POST /v1/websites ")
                .append("with name, category, slug and files (createWebsite): version 1, live at pageUrl. 3) POST ")
                .append("/v1/websites/{websiteId}/versions with the complete new bundle (createWebsiteVersion); ")
                .append("promote false stores it without serving it. Only the live version is public: every other ")
                .append("one opens at its previewUrl (in publish results, getJob and every Version), a link with a ")
                .append("7-day grant for anyone who has it, fresh on each read; without the grant it answers 404. ")
                .append("Binary files: POST /v1/uploads (createUploads), ")
                .append("PUT the bytes to each putUrl without Authorization, then give {path, uploadKey}; or give a ")
                .append("public https sourceUrl. Add ?dryRun=true to either publish to check without publishing, ")
                .append("and an Idempotency-Key header to make a retry safe.\n\n")
                .append("MCP: suggest_slug, then publish_website, then publish_version; create_upload for binary ")
                .append("files. Each tool is its REST operation: the same input fields, the REST response body as ")
                .append("structuredContent, the error envelope with isError on failure.\n\n");
        text.append("## MCP tools\n\n");
        for (McpTools.Described tool : tools) {
            text.append("- ").append(tool.name()).append(": ").append(firstSentence(tool.description()))
                    .append('\n');
        }
        text.append("\n## Authentication\n\n")
                .append("Send Authorization: Bearer <token> on every request except GET /v1, GET /v1/openapi.json, ")
                .append("/docs and /llms.txt. Tokens: a personal access token (sites_pat_…) minted by a person in ")
                .append("the web application at ")
                .append(tokensUrl).append(", or an OAuth 2.1 access token (authorization code with ")
                .append("PKCE); both carry the scope mcp and work on /v1 and /mcp. Protected-resource metadata: ")
                .append(baseUrl).append("/.well-known/oauth-protected-resource/mcp. A 401 names it in ")
                .append("WWW-Authenticate.\n\n");
        text.append("## Limits\n\n");
        for (ServiceLimits.Limit limit : limits) {
            text.append("- ").append(limit.name()).append(": ").append(limit.value()).append('\n');
        }
        text.append("\n## Error codes\n\n")
                .append("Every non-2xx response is {\"error\": {\"code\", \"message\", \"fields\"?, ")
                .append("\"violations\"?}}.\n\n");
        for (ErrorCode code : ErrorCode.values()) {
            text.append("- ").append(code.name()).append(" (").append(code.status()).append("): ")
                    .append(code.meaning()).append('\n');
        }
        text.append("\n## Violation codes\n\nEntries of error.violations on PUBLISH_INVALID.\n\n");
        for (ViolationCode code : ViolationCode.values()) {
            text.append("- ").append(code.name()).append(": ").append(code.meaning()).append('\n');
        }
        return text.toString();
    }

    private static String firstSentence(String text) {
        int end = text.indexOf(". ");
        return (end < 0 ? text.strip() : text.substring(0, end + 1)).replaceAll("\\s+", " ");
    }
}
