package io.sites.app.mcp;

import io.modelcontextprotocol.server.McpStatelessServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import io.sites.app.web.ApiOperations;
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

    private final ApiOperations operations;
    private final WebsiteTools tools;

    VersionTools(ApiOperations operations, WebsiteTools tools) {
        this.operations = operations;
        this.tools = tools;
    }

    List<SyncToolSpecification> specifications() {
        return List.of(promoteVersion(), deleteWebsite(), diffVersions(), getHistory());
    }

    private SyncToolSpecification promoteVersion() {
        String title = "Make a version live";
        return tools.tool("promote_version", title, "promoteVersion", """
                Make a stored version of a website the live one at its pageUrl: a version published with promote \
                false (after a person approved its previewUrl), or an older version to roll back to. The site host \
                serves it when this returns. Promoting the version that is already live changes nothing. Owners and \
                editors may. Returns the Version (version, status, isCurrent true, previewUrl, files). Fails with \
                NOT_FOUND when the website is not visible to you or has no such version.""",
                // Changes what is served but removes nothing (every version stays, and can be promoted back);
                // calling it twice has the effect of calling it once; open world: the public site changes.
                new ToolAnnotations(title, false, false, true, true, null),
                Map.of("/properties/websiteId", WebsiteTools.WEBSITE_ID,
                        "/properties/version", "The version number to make live (1 for the first version), as "
                                + "list_versions or get_website shows it."),
                (caller, arguments) -> operations.promoteVersion(caller, WebsiteTools.text(arguments, "websiteId"),
                        number(arguments.get("version"))),
                result -> "Version " + result.get("version") + " is live" + (result.get("previewUrl") == null ? "."
                        : " (its own address: " + result.get("previewUrl") + ")."));
    }

    private SyncToolSpecification deleteWebsite() {
        String title = "Delete a website";
        return tools.tool("delete_website", title, "deleteWebsite", """
                Delete a website for good: its site and every preview stop being served (410 Gone), it leaves \
                list_websites and no longer counts towards websiteLimits, and every tool answers NOT_FOUND for it. \
                Its slug stays reserved. Only the owner may (an editor gets FORBIDDEN). Ask the person first. \
                Returns an empty object.""",
                // Destructive: the site is gone from the web. Idempotent: a second call changes nothing more (it
                // answers NOT_FOUND). Open world: a public site is taken down.
                new ToolAnnotations(title, false, true, true, true, null),
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
                What changed going from version against to version of a website, from the two manifests: added \
                (files only in version), removed (files only in against), changed (files in both with other bytes \
                or another content type, with before and after: contentType, size, sha256), each sorted by path, \
                and unchanged (how many files are the same). Owners and editors may. Fails with NOT_FOUND when the \
                website is not visible to you or lacks either version, BAD_REQUEST when against is no version \
                number.""",
                // Reads only: read-only and idempotent, closed world (only this service's data).
                new ToolAnnotations(title, true, false, true, false, null),
                Map.of("/properties/websiteId", WebsiteTools.WEBSITE_ID,
                        "/properties/version", "The version to describe, e.g. a stored one before promoting it.",
                        "/properties/against", "The version to compare it with, e.g. the live one (get_website "
                                + "shows which)."),
                (caller, arguments) -> operations.diffVersions(caller.accountId(),
                        WebsiteTools.text(arguments, "websiteId"),
                        number(arguments.get("version")), number(arguments.get("against"))),
                result -> ((List<?>) result.get("added")).size() + " added, " + ((List<?>) result.get("removed"))
                        .size() + " removed, " + ((List<?>) result.get("changed")).size() + " changed, "
                        + result.get("unchanged") + " unchanged.");
    }

    private SyncToolSpecification getHistory() {
        String title = "Read a website's history";
        return tools.tool("get_history", title, "getHistory", """
                The history (audit) of a website, newest first: every publish, promotion or rollback, password \
                change, editor added or removed, creation and deletion, with when, who (accountId and username) and \
                through which door (via: token, oauth, web or operator, and the token's or client's name as \
                credential; absent for old events). Owners and editors may. Pages of limit items (1 to 100, default \
                50); pass next as before for older ones. Fails with NOT_FOUND when the website is not visible to \
                you.""",
                // Reads only this service's events: read-only, idempotent, closed world.
                new ToolAnnotations(title, true, false, true, false, null),
                Map.of("/properties/websiteId", WebsiteTools.WEBSITE_ID),
                (caller, arguments) -> operations.getHistory(caller.accountId(),
                        WebsiteTools.text(arguments, "websiteId"), number(arguments.get("limit")),
                        number(arguments.get("before"))),
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
