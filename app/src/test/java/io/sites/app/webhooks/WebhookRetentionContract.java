package io.sites.app.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.Door;
import io.sites.api.event.ExpiryWarned;
import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import io.sites.app.Bundles;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.app.identity.Accounts;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * Retention of the outbox on both databases: deliveries done (delivered or given up on) longer ago than
 * {@code sites.webhooks.retention} are deleted in bounded batches, pending and recent ones stay, the hook's log of
 * attempts still reads the same once an attempt's delivery is gone, and a replayed event that old is not recorded
 * (and so not sent) again.
 */
public interface WebhookRetentionContract {
    Http http();

    <T> T bean(Class<T> type);

    @Test
    default void deliveriesDoneLongAgoAreDeletedInBatchesWhileTheLogStays() {
        Http.Response added = http().post("/v1/webhooks", EmbeddedAppTest.ALICE, Map.of("url",
                WebhooksContract.NOWHERE + "/retention", "events", List.of("*")));
        assertThat(added.status()).as(added.text()).isEqualTo(201);
        String hook = added.json().get("id").asString();
        JdbcTemplate jdbc = bean(JdbcTemplate.class);
        Instant now = bean(Clock.class).instant();
        Duration retention = bean(WebhookProperties.class).retention();
        Instant old = now.minus(retention).minus(Duration.ofDays(1));
        Instant recent = now.minus(retention).plus(Duration.ofDays(1));
        for (int i = 0; i < 5; i++) {
            delivery(jdbc, hook, "old-delivered-" + i, "delivered", old);
        }
        delivery(jdbc, hook, "old-abandoned", "abandoned", old);
        delivery(jdbc, hook, "recent-delivered", "delivered", recent);
        // A pending delivery, however old, is the sender's until it is delivered or given up on.
        jdbc.update("insert into webhook_delivery (id, hook_id, website_id, type, body, state, created_at, next_at)"
                + " values (?, ?, '', 'version.published', '{}', 'pending', ?, ?)", id(hook, "old-pending"), hook,
                Timestamp.from(old), Timestamp.from(now.plus(Duration.ofDays(365))));
        WebhookDeliveries deliveries = bean(WebhookDeliveries.class);
        deliveries.attempted(hook, id(hook, "old-delivered-0"), old, 204, 12, null);

        assertThat(deliveries.trim(now.minus(retention), 2)).as("one batch is bounded").isEqualTo(2);
        assertThat(bean(WebhookRetention.class).trim()).as("the round deletes the rest").isGreaterThanOrEqualTo(4);
        assertThat(jdbc.queryForList("select id from webhook_delivery where hook_id = ? order by id", String.class,
                hook)).containsExactlyInAnyOrder(id(hook, "old-pending"), id(hook, "recent-delivered"));

        JsonNode attempts = http().get("/v1/webhooks/" + hook + "/deliveries", EmbeddedAppTest.ALICE).json()
                .get("attempts");
        assertThat(attempts).as("the log outlives the deliveries it tells of").hasSize(1);
        assertThat(attempts.get(0).get("deliveryId").asString()).isEqualTo(id(hook, "old-delivered-0"));
        assertThat(attempts.get(0).get("type").asString()).isEqualTo("version.published");
        assertThat(attempts.get(0).get("status").asInt()).isEqualTo(204);
        assertThat(http().send("DELETE", "/v1/webhooks/" + hook, EmbeddedAppTest.ALICE, null, null).status())
                .isEqualTo(204);
    }

    /** A replay (a reset token) must not record again, and so send again, an event whose delivery may be gone. */
    @Test
    default void aReplayedEventOlderThanTheRetentionIsNotRecordedAgain() {
        String website = http().post("/v1/websites", EmbeddedAppTest.ALICE, Bundles.site(Bundles.unique("replay"),
                "Replay", Bundles.file("index.html", "<p>r</p>"))).json().get("websiteId").asString();
        Http.Response added = http().post("/v1/websites/" + website + "/webhooks", EmbeddedAppTest.ALICE,
                Map.of("url", WebhooksContract.NOWHERE + "/replay", "events", List.of("*")));
        String hook = added.json().get("id").asString();
        JdbcTemplate jdbc = bean(JdbcTemplate.class);
        Instant now = bean(Clock.class).instant();
        Duration retention = bean(WebhookProperties.class).retention();
        // The hook is older than both events, so only their age can keep one out.
        jdbc.update("update webhook set created_at = ? where id = ?", Timestamp.from(now.minus(retention)
                .minus(Duration.ofDays(30))), hook);
        AccountId alice = bean(Accounts.class).byUsername("alice").orElseThrow();
        WebhookOutbox outbox = bean(WebhookOutbox.class);
        for (Instant at : List.of(now.minus(retention).minus(Duration.ofDays(1)), now.minus(Duration.ofDays(1)))) {
            ExpiryWarned event = new ExpiryWarned(new WebsiteId(website), at.plus(Duration.ofHours(12)), alice,
                    new Actor(alice, Door.EXPIRY, null));
            outbox.on(event, new GenericDomainEventMessage<>("Website", website, 1000, event, Map.of(),
                    "replayed-" + at.toEpochMilli(), at));
        }
        assertThat(jdbc.queryForList("select id from webhook_delivery where hook_id = ?", String.class, hook))
                .as("only the younger event is recorded").containsExactly(id(hook, "replayed-"
                        + now.minus(Duration.ofDays(1)).toEpochMilli()));
        assertThat(http().send("DELETE", "/v1/websites/" + website + "/webhooks/" + hook, EmbeddedAppTest.ALICE,
                null, null).status()).isEqualTo(204);
    }

    private static void delivery(JdbcTemplate jdbc, String hook, String name, String state, Instant done) {
        jdbc.update("insert into webhook_delivery (id, hook_id, website_id, type, body, state, attempts, created_at,"
                + " next_at, done_at) values (?, ?, '', 'version.published', '{}', ?, 1, ?, ?, ?)", id(hook, name),
                hook, state, Timestamp.from(done), Timestamp.from(done), Timestamp.from(done));
    }

    private static String id(String hook, String name) {
        return WebhookOutbox.deliveryId(hook, name);
    }
}
