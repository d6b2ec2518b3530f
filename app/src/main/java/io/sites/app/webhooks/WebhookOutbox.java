package io.sites.app.webhooks;

import io.sites.api.event.DraftClaimed;
import io.sites.api.event.DraftCreated;
import io.sites.api.event.WebsiteCreated;
import io.sites.api.event.WebsiteDeleted;
import io.sites.api.id.AccountId;
import io.sites.api.query.HistoryView;
import io.sites.app.identity.Accounts;
import io.sites.app.roles.ConditionalOnRole;
import io.sites.app.roles.ServiceRole;
import io.sites.app.usecases.HistoryJson;
import io.sites.query.website.HistoryEntries;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * The outbox's writer: a tracking processor of its own ({@value #GROUP}, one segment, its token in the token store)
 * that turns each website event into one delivery row per hook that hears it, in the transaction that also stores
 * its token. A restart resumes after the last stored token, and a replay (a reset token) records nothing twice: a
 * delivery's id is derived from the hook and the event, and recording an id already there does nothing. The body is
 * the event's history entry as getHistory shows it ({@link HistoryEntries}, {@link HistoryJson}), with the delivery's
 * id and the website's. Only events after a hook was registered reach it.
 */
@Component
@ProcessingGroup(WebhookOutbox.GROUP)
@ConditionalOnRole(ServiceRole.API)
class WebhookOutbox {
    static final String GROUP = "webhooks";

    private final WebhookRows hooks;
    private final WebhookDeliveries deliveries;
    private final JdbcTemplate jdbc;
    private final Accounts accounts;
    private final JsonMapper json;
    private final WebhookSender sender;
    private final Clock clock;
    private final WebhookProperties properties;

    WebhookOutbox(WebhookRows hooks, WebhookDeliveries deliveries, JdbcTemplate jdbc, Accounts accounts,
            JsonMapper json, WebhookSender sender, Clock clock, WebhookProperties properties) {
        this.properties = properties;
        this.hooks = hooks;
        this.deliveries = deliveries;
        this.jdbc = jdbc;
        this.accounts = accounts;
        this.json = json;
        this.sender = sender;
        this.clock = clock;
    }

    @EventHandler
    void on(Object event, DomainEventMessage<?> message) {
        String websiteId = message.getAggregateIdentifier();
        switch (event) {
            case WebsiteCreated e -> owner(websiteId, e.owner());
            case DraftCreated e -> owner(websiteId, e.owner());
            case DraftClaimed e -> owner(websiteId, e.owner());
            default -> {
            }
        }
        Optional<HistoryView.Entry> entry = HistoryEntries.of(message);
        if (entry.isPresent()) {
            String owner = jdbc.query("select account_id from webhook_website where website_id = ?",
                    rs -> rs.next() ? rs.getString(1) : null, websiteId);
            int recorded = 0;
            for (WebhookRows.Hook hook : hooks.hearing(websiteId, owner)) {
                if (WebhookTypes.wants(hook.events(), entry.get().type())
                        && !message.getTimestamp().isBefore(hook.createdAt()) && !pastRetention(message)) {
                    String id = deliveryId(hook.id(), message.getIdentifier());
                    deliveries.record(id, hook.id(), websiteId, entry.get().type(),
                            body(id, websiteId, entry.get()), clock.instant());
                    recorded++;
                }
            }
            if (recorded > 0 && CurrentUnitOfWork.isStarted()) {
                CurrentUnitOfWork.get().afterCommit(unit -> sender.wake());
            }
        }
        if (event instanceof WebsiteDeleted) {
            jdbc.update("delete from webhook_website where website_id = ?", websiteId);
        }
    }

    /**
     * An event older than the retention is never recorded: its delivery, if it had one, may have been deleted by
     * {@link WebhookRetention}, and recording it again on a replay (a reset token) would send it a second time. A
     * delivery is deleted only {@code retention} after it was done, so one for a younger event is still there.
     */
    private boolean pastRetention(DomainEventMessage<?> message) {
        return message.getTimestamp().isBefore(clock.instant().minus(properties.retention()));
    }

    private void owner(String websiteId, AccountId owner) {
        if (jdbc.update("update webhook_website set account_id = ? where website_id = ?", owner.value(),
                websiteId) == 0) {
            jdbc.update("insert into webhook_website (website_id, account_id) values (?, ?)", websiteId,
                    owner.value());
        }
    }

    /** The body every attempt sends: the delivery's id and website, then the entry as getHistory shows it. */
    private String body(String id, String websiteId, HistoryView.Entry entry) {
        Map<AccountId, String> usernames = new HashMap<>();
        for (AccountId account : entry.subject() == null ? List.of(entry.actor().accountId())
                : List.of(entry.actor().accountId(), entry.subject())) {
            accounts.usernameOf(account).ifPresent(name -> usernames.put(account, name));
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("id", id);
        body.put("websiteId", websiteId);
        body.putAll(new HistoryJson(usernames).entry(entry));
        return json.writeValueAsString(body);
    }

    /** Stable for a hook and an event: a replay finds the same id, and a receiver can rely on it across retries. */
    static String deliveryId(String hookId, String eventId) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest((hookId + "/" + eventId).getBytes(StandardCharsets.UTF_8));
            return "msg_" + java.util.HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
