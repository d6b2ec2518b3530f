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

    private final SettingsOperations settings;
    private final ApiBodies bodies;
    private final WebsiteTools tools;

    SettingsTools(SettingsOperations settings, ApiBodies bodies, WebsiteTools tools) {
        this.settings = settings;
        this.bodies = bodies;
        this.tools = tools;
    }

    List<SyncToolSpecification> specifications() {
        return List.of(updateWebsite());
    }

    private SyncToolSpecification updateWebsite() {
        return tools.tool("update_website", "Change a website's settings", "updateWebsite", """
                Change the fields given (null clears retainVersions, expiresAt, description). Lowering \
                retainVersions removes older versions for good. Owner only. Returns the website.""",
                // Destructive: pruning and expiry remove versions and the website. Idempotent: the same call again
                // changes nothing. Open world: the public site may go.
                new ToolAnnotations(null, false, true, true, true, null),
                Map.of("/properties/websiteId", WebsiteTools.WEBSITE_ID),
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
