package io.sites.app.mcp;

import io.modelcontextprotocol.server.McpStatelessServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import io.sites.app.usecases.LifecycleOperations;
import io.sites.app.usecases.ReadOperations;
import io.sites.app.web.ApiBodies;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * The tools beyond the specified eight, each the REST extension of the same name: promote_version (and so
 * rollback), delete_website, diff_versions and get_history. They are built exactly as {@link WebsiteTools} builds
 * its tools (same binding, results and error envelope), with annotations of their own.
 */
final class VersionTools {
    static final String INSTRUCTIONS = """
            To roll back, or to make a version stored with promote false live, call promote_version with the \
            websiteId and the version number (list_versions shows them); the site serves it when the call returns. \
            delete_website takes a website down for good (owner only): its site then answers 410 Gone. \
            diff_versions tells what changed from one version to another (files added, removed, changed), e.g. \
            before promoting a stored version or to check what a rollback undoes. get_history tells who changed \
            a website, when, and through which door.""";

    private final LifecycleOperations operations;
    private final ReadOperations reads;
    private final ApiBodies bodies;
    private final WebsiteTools tools;

    VersionTools(LifecycleOperations operations, ReadOperations reads, ApiBodies bodies, WebsiteTools tools) {
        this.operations = operations;
        this.reads = reads;
        this.bodies = bodies;
        this.tools = tools;
    }

    List<SyncToolSpecification> specifications() {
        return List.of(promoteVersion(), deleteWebsite(), diffVersions(), getHistory());
    }

    private SyncToolSpecification promoteVersion() {
        String title = "Make a version live";
        return tools.tool("promote_version", title, "promoteVersion", """
                Make a stored version the live one at pageUrl: one published with promote false, or an older one to \
                roll back to; served when this returns. Owners and editors may. Returns the Version.""",
                // Changes what is served but removes nothing (every version stays, and can be promoted back);
                // calling it twice has the effect of calling it once; open world: the public site changes.
                new ToolAnnotations(null, false, false, true, true, null),
                Map.of("/properties/websiteId", WebsiteTools.WEBSITE_ID,
                        "/properties/version", "The version number, as list_versions shows it."),
                (caller, arguments) -> bodies.version(operations.promoteVersion(caller,
                        WebsiteTools.text(arguments, "websiteId"), number(arguments.get("version")))),
                result -> "Version " + result.get("version") + " is live" + (result.get("previewUrl") == null ? "."
                        : " (its own address: " + result.get("previewUrl") + ")."));
    }

    private SyncToolSpecification deleteWebsite() {
        String title = "Delete a website";
        return tools.tool("delete_website", title, "deleteWebsite", """
                Delete a website for good: its site answers 410 Gone, it leaves list_websites and websiteLimits, \
                its slug stays reserved. Only the owner may. Ask the person first.""",
                // Destructive: the site is gone from the web. Idempotent: a second call changes nothing more (it
                // answers NOT_FOUND). Open world: a public site is taken down.
                new ToolAnnotations(null, false, true, true, true, null),
                Map.of("/properties/websiteId", WebsiteTools.WEBSITE_ID),
                (caller, arguments) -> {
                    operations.deleteWebsite(caller, WebsiteTools.text(arguments, "websiteId"));
                    return Map.of();
                },
                result -> "The website is deleted; its site answers 410 Gone.");
    }

    private SyncToolSpecification diffVersions() {
        String title = "Compare two versions";
        return tools.tool("diff_versions", title, "diffVersions", """
                What changed from version against to version: files added, removed and changed (before and after), \
                and how many are unchanged.""",
                // Reads only: read-only and idempotent, closed world (only this service's data).
                new ToolAnnotations(null, true, false, true, false, null),
                Map.of("/properties/websiteId", WebsiteTools.WEBSITE_ID,
                        "/properties/version", "E.g. a stored one before promoting it.",
                        "/properties/against", "E.g. the live one."),
                (caller, arguments) -> bodies.diff(reads.diffVersions(caller.accountId(),
                        WebsiteTools.text(arguments, "websiteId"),
                        number(arguments.get("version")), number(arguments.get("against")))),
                result -> ((List<?>) result.get("added")).size() + " added, " + ((List<?>) result.get("removed"))
                        .size() + " removed, " + ((List<?>) result.get("changed")).size() + " changed, "
                        + result.get("unchanged") + " unchanged.");
    }

    private SyncToolSpecification getHistory() {
        String title = "Read a website's history";
        return tools.tool("get_history", title, "getHistory", """
                A website's history, newest first: publishes, promotions, password and editor changes, creation, \
                deletion, with when, who and via what. Pass next as before for older items.""",
                // Reads only this service's events: read-only, idempotent, closed world.
                new ToolAnnotations(null, true, false, true, false, null),
                Map.of("/properties/websiteId", WebsiteTools.WEBSITE_ID),
                (caller, arguments) -> bodies.history(reads.getHistory(caller.accountId(),
                        WebsiteTools.text(arguments, "websiteId"), number(arguments.get("limit")),
                        number(arguments.get("before")))),
                result -> result.get("items") instanceof List<?> items ? items.size() + " events"
                        + (result.get("next") == null ? "." : "; older ones with before " + result.get("next") + ".")
                        : "The history.");
    }

    /** A JSON number as the path would carry it: 3 and 3.0 are "3"; anything else is passed on as written. */
    private static String number(Object value) {
        if (value instanceof Number number) {
            try {
                return new BigDecimal(number.toString()).toBigIntegerExact().toString();
            } catch (ArithmeticException | NumberFormatException fraction) {
                return number.toString();
            }
        }
        return value == null ? null : value.toString();
    }
}
