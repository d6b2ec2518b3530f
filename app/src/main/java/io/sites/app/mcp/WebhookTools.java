package io.sites.app.mcp;

import io.modelcontextprotocol.server.McpStatelessServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import io.sites.app.webhooks.WebhookOperations;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * add_webhook, list_webhooks, remove_webhook and test_webhook over {@link WebhookOperations}: a website's hooks,
 * or without websiteId the account's. One sentence and a small schema each, for the tool list's budget.
 */
final class WebhookTools {
    private static final Map<String, Object> OUTPUT = Map.of("type", "object");
    private static final Map<String, Object> WEBSITE = Map.of("type", "string",
            "description", "Omit for the account-wide hooks (every website you own).");
    private static final Map<String, Object> ID = Map.of("type", "string");

    private final WebhookOperations operations;
    private final WebsiteTools tools;

    WebhookTools(WebhookOperations operations, WebsiteTools tools) {
        this.operations = operations;
        this.tools = tools;
    }

    List<SyncToolSpecification> specifications() {
        return List.of(add(), list(), remove(), test());
    }

    private static Map<String, Object> input(Map<String, Object> properties, List<String> required) {
        return Map.of("type", "object", "properties", properties, "required", required);
    }

    private static String website(Map<String, Object> arguments) {
        return arguments.get("websiteId") instanceof String id && !id.isBlank() ? id : null;
    }

    private SyncToolSpecification add() {
        return tools.tool("add_webhook", "Add a webhook", """
                POST a website's events (history types such as version.published, or "*") signed to an https URL \
                (owner only); the secret is returned once.""",
                input(Map.of("websiteId", WEBSITE, "url", Map.of("type", "string"), "events",
                        Map.of("type", "array", "items", Map.of("type", "string"))), List.of("url", "events")),
                OUTPUT, Set.of(), new ToolAnnotations(null, false, false, false, true, null),
                (caller, arguments) -> operations.add(caller, website(arguments), WebsiteTools.text(arguments, "url"),
                        arguments.get("events") instanceof List<?> events
                                ? events.stream().map(String::valueOf).toList() : List.of()),
                result -> "Webhook " + result.get("id") + " added; keep its secret, shown only now.");
    }

    private SyncToolSpecification list() {
        return tools.tool("list_webhooks", "List webhooks", """
                A website's webhooks (or the account's without websiteId): url, events and status, failing when \
                deliveries were given up on.""",
                input(Map.of("websiteId", WEBSITE), List.of()), OUTPUT, Set.of(),
                new ToolAnnotations(null, true, false, true, false, null),
                (caller, arguments) -> Map.of("webhooks", operations.list(caller, website(arguments))),
                result -> ((List<?>) result.get("webhooks")).size() + " webhooks.");
    }

    private SyncToolSpecification remove() {
        return tools.tool("remove_webhook", "Remove a webhook", """
                Stop sending events to the webhook (owner only); deliveries not yet sent to it are dropped with it.""",
                input(Map.of("websiteId", WEBSITE, "webhookId", ID), List.of("webhookId")), OUTPUT,
                Set.of("webhookId"), new ToolAnnotations(null, false, true, true, true, null),
                (caller, arguments) -> {
                    operations.remove(caller, website(arguments), WebsiteTools.text(arguments, "webhookId"));
                    return Map.of();
                },
                result -> "The webhook is removed.");
    }

    private SyncToolSpecification test() {
        return tools.tool("test_webhook", "Test a webhook", """
                Queue a webhook.test delivery to the webhook (owner only), sent after any before it; list_webhooks \
                shows whether it fails.""",
                input(Map.of("websiteId", WEBSITE, "webhookId", ID), List.of("webhookId")), OUTPUT,
                Set.of("webhookId"), new ToolAnnotations(null, false, false, false, true, null),
                (caller, arguments) -> Map.of("deliveryId", operations.test(caller, website(arguments),
                        WebsiteTools.text(arguments, "webhookId"))),
                result -> "Delivery " + result.get("deliveryId") + " queued.");
    }
}
