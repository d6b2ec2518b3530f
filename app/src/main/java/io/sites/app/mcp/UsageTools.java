package io.sites.app.mcp;

import io.modelcontextprotocol.server.McpStatelessServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import io.sites.app.usecases.UsageOperations;
import io.sites.app.web.UsageBodies;
import java.util.List;
import java.util.Map;

/**
 * get_usage and get_account_usage, each the REST extension of the same name (getUsage, getAccountUsage), built as
 * {@link WebsiteTools} builds its tools. Descriptions are terse: the tool list has a size budget.
 */
final class UsageTools {
    private final UsageOperations operations;
    private final UsageBodies bodies;
    private final WebsiteTools tools;

    UsageTools(UsageOperations operations, UsageBodies bodies, WebsiteTools tools) {
        this.operations = operations;
        this.bodies = bodies;
        this.tools = tools;
    }

    List<SyncToolSpecification> specifications() {
        return List.of(getUsage(), getAccountUsage());
    }

    private SyncToolSpecification getUsage() {
        return tools.tool("get_usage", "Read a website's traffic", "getUsage", """
                A website's requests, bytes sent, status classes, 304 cache hits, daily unique visitors, top paths \
                and referrer hosts for a UTC period (default the last 7 days, at most 93), by hour or day.""",
                // Reads only this service's figures: read-only, idempotent, closed world.
                new ToolAnnotations(null, true, false, true, false, null),
                Map.of("/properties/websiteId", WebsiteTools.WEBSITE_ID),
                (caller, arguments) -> bodies.websiteUsage(operations.websiteUsage(caller.accountId(),
                        WebsiteTools.text(arguments, "websiteId"), WebsiteTools.text(arguments, "from"),
                        WebsiteTools.text(arguments, "to"), WebsiteTools.text(arguments, "granularity"))),
                result -> "Usage " + result.get("from") + " to " + result.get("to") + ".");
    }

    private SyncToolSpecification getAccountUsage() {
        return tools.tool("get_account_usage", "Read the account's usage", "getAccountUsage", """
                Each of your own websites' traffic totals for a UTC period (default the last 7 days), and the \
                storage your versions use (each distinct file once).""",
                new ToolAnnotations(null, true, false, true, false, null),
                Map.of(),
                (caller, arguments) -> bodies.accountUsage(operations.accountUsage(caller.accountId(),
                        WebsiteTools.text(arguments, "from"), WebsiteTools.text(arguments, "to"))),
                result -> "Storage used: " + result.get("storageBytes") + " bytes. " + quota(result.get("quota")));
    }

    /** The month's standing in words: what an assistant should tell its person first when the sites are paused. */
    private static String quota(Object quota) {
        if (!(quota instanceof Map<?, ?> state)) {
            return "";
        }
        return "Bandwidth this month: " + state.get("bandwidthPercent") + " % of the quota"
                + (Boolean.TRUE.equals(state.get("paused")) ? "; " + state.get("pausedBecause") : ".");
    }
}
