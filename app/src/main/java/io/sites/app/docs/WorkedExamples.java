package io.sites.app.docs;

import java.util.List;

/**
 * The worked examples of /docs and /llms.txt, written once: publish, edit by base version and roll back, each as a
 * curl call of the REST operation and as the same call of its MCP tool (JSON-RPC over POST /mcp, also by curl), so a
 * reader can paste either. WorkedExamplesTest runs every command of the served /llms.txt against the service.
 */
final class WorkedExamples {
    private WorkedExamples() {
    }

    /** What a reader sets before pasting; the commands use nothing else. */
    static final String SHELL = "API=%s  TOKEN=<your token>  (and, after the publish, WEBSITE_ID=<its websiteId>)";

    /** One example: what it does, its REST call and its MCP call (the same arguments), and what comes back. */
    record Example(String title, String text, String rest, String mcp, String answer) {
    }

    private static final String AUTH = "-H \"Authorization: Bearer $TOKEN\" -H 'Content-Type: application/json'";
    private static final String MCP = "curl -s \"$API/mcp\" " + AUTH
            + " -H 'Accept: application/json, text/event-stream' -d '{\"jsonrpc\": \"2.0\", \"id\": 1, "
            + "\"method\": \"tools/call\", \"params\": {\"name\": \"%s\", \"arguments\": %s}}'";
    private static final String WEBSITE_ID = "\"websiteId\": \"'\"$WEBSITE_ID\"'\", ";

    private static final String SITE = "\"name\": \"My Bakery\", \"category\": \"restaurant\", \"files\": ["
            + "{\"path\": \"index.html\", \"content\": \"<!doctype html><title>My Bakery</title>"
            + "<link rel=stylesheet href=style.css><h1>Fresh bread</h1>\"}, "
            + "{\"path\": \"style.css\", \"content\": \"h1 { color: sienna }\"}, "
            + "{\"path\": \"menu.html\", \"content\": \"<h1>Menu</h1>\"}]";
    private static final String EDIT = "\"baseVersion\": 1, \"ifCurrentVersion\": 1, \"message\": \"About page, no "
            + "menu\", \"files\": [{\"path\": \"about.html\", \"content\": \"<h1>About us</h1>\"}], "
            + "\"deletePaths\": [\"menu.html\"]";

    static final List<Example> ALL = List.of(
            new Example("Publish a website", "createWebsite, MCP publish_website: the complete bundle; the slug "
                    + "comes from the name when none is given (suffixed when taken). The answer arrives when the "
                    + "site is live.",
                    "curl -s \"$API/v1/websites\" " + AUTH + " -d '{" + SITE + "}'",
                    MCP.formatted("publish_website", "{" + SITE + "}"),
                    "201 {\"websiteId\": \"web_…\", \"jobId\": \"job_…\", \"version\": 1, \"slug\": \"my-bakery\", "
                            + "\"pageUrl\": \"…\", \"bytesWritten\": 128}; by MCP the same object as "
                            + "result.structuredContent, isError false."),
            new Example("Edit by base version", "createWebsiteVersion with baseVersion (an extension), MCP "
                    + "publish_version: only the changes, files added or replaced and deletePaths dropped, every "
                    + "other file of version 1 carried over; the result is checked as a whole bundle. "
                    + "ifCurrentVersion refuses it with 409 VERSION_CONFLICT if someone else published meanwhile. "
                    + "Without baseVersion, files is the complete replacement bundle.",
                    "curl -s \"$API/v1/websites/$WEBSITE_ID/versions\" " + AUTH + " -d '{" + EDIT + "}'",
                    MCP.formatted("publish_version", "{" + WEBSITE_ID + EDIT + "}"),
                    "201 {\"websiteId\": \"web_…\", \"version\": 2, \"isCurrent\": true, …}: version 2 has "
                            + "index.html, style.css and about.html, and is live."),
            new Example("Roll back", "promoteVersion (an extension), MCP promote_version: make an earlier version "
                    + "live again; served when the answer arrives. The same call makes a version stored with "
                    + "\"promote\": false live.",
                    "curl -s -X POST \"$API/v1/websites/$WEBSITE_ID/versions/1/promote\" -H \"Authorization: "
                            + "Bearer $TOKEN\"",
                    MCP.formatted("promote_version", "{" + WEBSITE_ID + "\"version\": 1}"),
                    "200: version 1 is live again; version 2 stays stored."));

    /** The examples as plain text, for /llms.txt. */
    static String plain(String baseUrl) {
        StringBuilder text = new StringBuilder("## Worked examples\n\nIn a shell: ").append(SHELL.formatted(baseUrl))
                .append(". Each example is one REST call, then the same call as an MCP tool: its arguments are the ")
                .append("REST body (plus websiteId where the path has it).\n");
        int n = 1;
        for (Example example : ALL) {
            text.append("\n").append(n++).append(". ").append(example.title()).append(": ")
                    .append(example.text()).append("\n\n").append(example.rest()).append("\n\n")
                    .append(example.mcp()).append("\n\n→ ").append(example.answer()).append('\n');
        }
        return text.append('\n').toString();
    }

    /** The examples as HTML, for /docs; {@code escape} makes text safe inside an element. */
    static String html(String baseUrl, java.util.function.UnaryOperator<String> escape) {
        StringBuilder html = new StringBuilder("<h2 id=\"examples\">Worked examples</h2>\n<p>In a shell: <code>")
                .append(escape.apply(SHELL.formatted(baseUrl))).append("</code>. Each example is one REST call, ")
                .append("then the same call as an MCP tool: its arguments are the REST body (plus ")
                .append("<code>websiteId</code> where the path has it).</p>\n");
        for (Example example : ALL) {
            html.append("<h3>").append(escape.apply(example.title())).append("</h3>\n<p>")
                    .append(escape.apply(example.text())).append("</p>\n<pre><code>")
                    .append(escape.apply(example.rest())).append("</code></pre>\n<pre><code>")
                    .append(escape.apply(example.mcp())).append("</code></pre>\n<p>→ ")
                    .append(escape.apply(example.answer())).append("</p>\n");
        }
        return html.toString();
    }
}
