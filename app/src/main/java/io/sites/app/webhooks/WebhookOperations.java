package io.sites.app.webhooks;

import static io.sites.command.publish.WebsiteCommands.visibleId;

import io.sites.api.WebsiteRole;
import io.sites.api.code.ErrorCode;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import io.sites.api.query.FindWebsite;
import io.sites.api.query.WebsiteView;
import io.sites.command.limits.AccountRation;
import io.sites.app.usecases.NotFoundException;
import io.sites.command.remote.WebhookPosts;
import io.sites.command.website.NotOwnerException;
import io.sites.command.website.WebsiteNotFoundException;
import io.sites.limits.RateWindows;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Webhooks for REST, MCP, the web application and the CLI: register (the owner; the secret shown once, stored
 * sealed), list (owner and editors of the website; the account itself for its account-wide hooks), remove, send a
 * test delivery, and read a hook's last attempts. A {@code websiteId} of null means the caller's account-wide hooks.
 */
@Component
public class WebhookOperations {
    private static final SecureRandom RANDOM = new SecureRandom();
    /** What {@code webhook.url} holds. */
    static final int URL_CHARS = 2048;

    private final WebhookRows rows;
    private final WebhookDeliveries deliveries;
    private final WebhookPosts posts;
    private final WebhookConfiguration.WebhookSecrets secrets;
    private final WebhookProperties properties;
    private final QueryGateway queries;
    private final JsonMapper json;
    private final Clock clock;
    private final AccountRation registrations;

    WebhookOperations(WebhookRows rows, WebhookDeliveries deliveries, WebhookPosts posts,
            WebhookConfiguration.WebhookSecrets secrets, WebhookProperties properties, QueryGateway queries,
            JsonMapper json, Clock clock, RateWindows windows) {
        this.registrations = new AccountRation(windows, "webhook-registration",
                properties.registrationsPerMinute(), "webhook registrations", "(each asks DNS)");
        this.rows = rows;
        this.deliveries = deliveries;
        this.posts = posts;
        this.secrets = secrets;
        this.properties = properties;
        this.queries = queries;
        this.json = json;
        this.clock = clock;
    }

    /**
     * A hook as every door shows it. {@code websiteId} null: account-wide. {@code status}: {@code active}, or
     * {@code failing} since a delivery was given up on (until one is delivered). {@code secret} only in add's answer.
     */
    public record Webhook(String id, String websiteId, String url, List<String> events, String status,
            Instant failingSince, Instant createdAt, String secret) {
    }

    /** One attempt of the delivery log: when, the answer's status (null: none), how long, what went wrong. */
    public record Attempt(String deliveryId, String type, Instant at, Integer status, int latencyMs, String error) {
    }

    public Webhook add(Actor caller, String websiteId, String url, List<String> events) {
        String website = websiteId == null ? null : owned(caller, websiteId).value();
        List<String> types = WebhookTypes.validated(events);
        // Only who may register gets this far; each registration asks DNS (below), bounded and rationed.
        registrations.take(caller.accountId());
        String address = url == null ? "" : url.strip();
        if (address.length() > URL_CHARS) {
            // Not echoed: the answer must not grow with what a tenant sends.
            throw new WebhookRefusedException(ErrorCode.WEBHOOK_INVALID, "url has " + address.length()
                    + " characters; a webhook's URL has at most " + URL_CHARS + ".");
        }
        String refusal = posts.refusal(address);
        if (refusal != null) {
            throw new WebhookRefusedException(ErrorCode.WEBHOOK_INVALID, "url " + address + " cannot receive "
                    + "webhooks: " + refusal + ". Give an https URL of a public address.");
        }
        if (website != null && rows.countOfWebsite(website) >= properties.perWebsite()) {
            throw new WebhookRefusedException(ErrorCode.WEBHOOK_LIMIT, "This website already has "
                    + properties.perWebsite() + " webhooks, the most one website may have.");
        }
        if (website == null && rows.countOfAccount(caller.accountId().value()) >= properties.perAccount()) {
            throw new WebhookRefusedException(ErrorCode.WEBHOOK_LIMIT, "Your account already has "
                    + properties.perAccount() + " account-wide webhooks, the most one account may have.");
        }
        String secret = WebhookSignatures.newSecret();
        WebhookRows.Hook hook = new WebhookRows.Hook("wh_" + HexFormat.of().formatHex(bytes(12)),
                caller.accountId().value(), website, address, types, clock.instant(), null);
        rows.insert(hook, secrets.seal(secret));
        return answer(hook, secret);
    }

    public List<Webhook> list(Actor caller, String websiteId) {
        List<WebhookRows.Hook> hooks = websiteId == null ? rows.ofAccount(caller.accountId().value())
                : rows.ofWebsite(readable(caller, websiteId).value());
        return hooks.stream().map(hook -> answer(hook, null)).toList();
    }

    public Webhook get(Actor caller, String websiteId, String hookId) {
        return answer(readable(caller, websiteId, hookId), null);
    }

    public void remove(Actor caller, String websiteId, String hookId) {
        rows.delete(writable(caller, websiteId, hookId).id());
    }

    /** Records a {@value WebhookTypes#TEST} delivery, sent like any other (after those before it); its id. */
    public String test(Actor caller, String websiteId, String hookId) {
        WebhookRows.Hook hook = writable(caller, websiteId, hookId);
        Instant now = clock.instant();
        String id = WebhookOutbox.deliveryId(hook.id(), "test-" + HexFormat.of().formatHex(bytes(12)));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("id", id);
        body.put("websiteId", hook.websiteId());
        body.put("type", WebhookTypes.TEST);
        body.put("at", now.toString());
        body.put("details", Map.of("webhookId", hook.id()));
        deliveries.record(id, hook.id(), hook.websiteId() == null ? "" : hook.websiteId(), WebhookTypes.TEST,
                json.writeValueAsString(body), now);
        return id;
    }

    /** The hook's last attempts, newest first (at most {@value WebhookDeliveries#ATTEMPTS_KEPT}). */
    public List<Attempt> attempts(Actor caller, String websiteId, String hookId) {
        return deliveries.attempts(readable(caller, websiteId, hookId).id()).stream().map(attempt -> new Attempt(
                attempt.deliveryId(), attempt.type(), attempt.at(), attempt.status(), attempt.latencyMs(),
                attempt.error())).toList();
    }

    private WebhookRows.Hook readable(Actor caller, String websiteId, String hookId) {
        String website = websiteId == null ? null : readable(caller, websiteId).value();
        return hook(caller, website, hookId);
    }

    private WebhookRows.Hook writable(Actor caller, String websiteId, String hookId) {
        String website = websiteId == null ? null : owned(caller, websiteId).value();
        return hook(caller, website, hookId);
    }

    /** The hook when it is this website's (or, with none, the caller's account-wide one); else 404. */
    private WebhookRows.Hook hook(Actor caller, String website, String hookId) {
        return rows.find(hookId == null ? "" : hookId)
                .filter(hook -> website == null ? hook.websiteId() == null
                        && hook.accountId().equals(caller.accountId().value()) : website.equals(hook.websiteId()))
                .orElseThrow(() -> new NotFoundException("No webhook " + hookId + " here."));
    }

    /** The website's id when the caller may read it (owner or editor); a stranger learns nothing. */
    private WebsiteId readable(Actor caller, String websiteId) {
        return view(caller, websiteId).id();
    }

    /** The website's id when the caller owns it; an editor is FORBIDDEN, a stranger NOT_FOUND. */
    private WebsiteId owned(Actor caller, String websiteId) {
        WebsiteView view = view(caller, websiteId);
        if (view.role() != WebsiteRole.OWNER) {
            throw new NotOwnerException(view.id());
        }
        return view.id();
    }

    private WebsiteView view(Actor caller, String websiteId) {
        WebsiteId id = visibleId(websiteId);
        return queries.query(new FindWebsite(caller.accountId(), id),
                ResponseTypes.optionalInstanceOf(WebsiteView.class)).join()
                .orElseThrow(() -> new WebsiteNotFoundException(id));
    }

    private Webhook answer(WebhookRows.Hook hook, String secret) {
        return new Webhook(hook.id(), hook.websiteId(), hook.url(), hook.events(),
                hook.failingSince() == null ? "active" : "failing", hook.failingSince(), hook.createdAt(), secret);
    }

    private static byte[] bytes(int count) {
        byte[] bytes = new byte[count];
        RANDOM.nextBytes(bytes);
        return bytes;
    }
}
