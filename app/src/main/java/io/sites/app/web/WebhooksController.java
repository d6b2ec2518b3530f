package io.sites.app.web;

import io.sites.api.id.Actor;
import io.sites.app.webhooks.WebhookOperations;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Webhooks (issue 37), a website's ({@code /v1/websites/{websiteId}/webhooks}) and the account's
 * ({@code /v1/webhooks}): thin adapters over {@link WebhookOperations}.
 */
@RestController
class WebhooksController {
    private static final String WEBSITE = "/v1/websites/{websiteId}/webhooks";
    private static final String ACCOUNT = "/v1/webhooks";

    private final WebhookOperations operations;

    WebhooksController(WebhookOperations operations) {
        this.operations = operations;
    }

    /** The body's fields: where to send, and which event types (the history's, or "*"); others are ignored. */
    record AddWebhookBody(String url, List<String> events) {
    }

    @PostMapping(path = {WEBSITE, ACCOUNT}, produces = "application/json")
    ResponseEntity<WebhookOperations.Webhook> add(Actor caller, @PathVariable(required = false) String websiteId,
            @RequestBody AddWebhookBody body) {
        return ResponseEntity.status(HttpStatus.CREATED).body(operations.add(caller, websiteId, body.url(),
                body.events()));
    }

    @GetMapping(path = {WEBSITE, ACCOUNT}, produces = "application/json")
    Map<String, List<WebhookOperations.Webhook>> list(Actor caller,
            @PathVariable(required = false) String websiteId) {
        return Map.of("webhooks", operations.list(caller, websiteId));
    }

    @GetMapping(path = {WEBSITE + "/{webhookId}", ACCOUNT + "/{webhookId}"}, produces = "application/json")
    WebhookOperations.Webhook get(Actor caller, @PathVariable(required = false) String websiteId,
            @PathVariable String webhookId) {
        return operations.get(caller, websiteId, webhookId);
    }

    @DeleteMapping({WEBSITE + "/{webhookId}", ACCOUNT + "/{webhookId}"})
    ResponseEntity<Void> remove(Actor caller, @PathVariable(required = false) String websiteId,
            @PathVariable String webhookId) {
        operations.remove(caller, websiteId, webhookId);
        return ResponseEntity.noContent().build();
    }

    @PostMapping(path = {WEBSITE + "/{webhookId}/test", ACCOUNT + "/{webhookId}/test"},
            produces = "application/json")
    ResponseEntity<Map<String, String>> test(Actor caller, @PathVariable(required = false) String websiteId,
            @PathVariable String webhookId) {
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(Map.of("deliveryId",
                operations.test(caller, websiteId, webhookId)));
    }

    @GetMapping(path = {WEBSITE + "/{webhookId}/deliveries", ACCOUNT + "/{webhookId}/deliveries"},
            produces = "application/json")
    Map<String, List<WebhookOperations.Attempt>> deliveries(Actor caller,
            @PathVariable(required = false) String websiteId, @PathVariable String webhookId) {
        return Map.of("attempts", operations.attempts(caller, websiteId, webhookId));
    }
}
