package io.sites.app.mcp;

import io.modelcontextprotocol.server.McpStatelessServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import io.sites.app.usecases.SettingsOperations;
import io.sites.app.web.ApiBodies;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * update_website, the REST extension updateWebsite (PATCH /v1/websites/{id}): the owner's settings, built as
 * {@link WebsiteTools} builds its tools (same binding, results and error envelope).
 */
final class SettingsTools {
    static final String INSTRUCTIONS = """
            update_website changes a website's name, description, category, retainVersions (keep the newest N \
            versions) or expiresAt (delete it then); owner only.""";

    /**
     * The answer is the Website, as get_website's, whose full schema get_website already carries: here only the
     * fields this tool changes are described (the rest are allowed), to keep the tool list within its budget.
     */
    private static final Map<String, Object> OUTPUT = Map.of("type", "object", "properties",
            Map.of("id", Map.of("type", "string"), "name", Map.of("type", "string"),
                    "retainVersions", Map.of("type", List.of("integer", "null")),
                    "expiresAt", Map.of("type", List.of("string", "null"))));

    private final SettingsOperations settings;
    private final ApiBodies bodies;
    private final WebsiteTools tools;
    private final ToolSchemas schemas;

    SettingsTools(SettingsOperations settings, ApiBodies bodies, WebsiteTools tools, ToolSchemas schemas) {
        this.settings = settings;
        this.bodies = bodies;
        this.tools = tools;
        this.schemas = schemas;
    }

    List<SyncToolSpecification> specifications() {
        return List.of(updateWebsite());
    }

    private SyncToolSpecification updateWebsite() {
        return tools.tool("update_website", "Change a website's settings", """
                Change the fields given (null clears retainVersions, expiresAt, description). Lowering \
                retainVersions removes older versions for good. Owner only. Returns the website.""",
                // Destructive: pruning and expiry remove versions and the website. Idempotent: the same call again
                // changes nothing. Open world: the public site may go.
                schemas.input("updateWebsite", Map.of("/properties/websiteId", WebsiteTools.WEBSITE_ID,
                        "/properties/retainVersions", "Keep the newest N versions; null: all.",
                        "/properties/expiresAt", "Delete it then (RFC 3339, within a year); null: never.")), OUTPUT,
                schemas.requiredParameters("updateWebsite"),
                new ToolAnnotations(null, false, true, true, true, null),
                (caller, arguments) -> {
                    Map<String, Object> patch = new LinkedHashMap<>(arguments);
                    String websiteId = WebsiteTools.text(arguments, "websiteId");
                    patch.remove("websiteId");
                    return bodies.website(settings.updateWebsite(caller, websiteId, patch));
                },
                result -> "Website " + result.get("id") + " updated: retainVersions " + result.get("retainVersions")
                        + ", expiresAt " + result.get("expiresAt") + ".");
    }
}
