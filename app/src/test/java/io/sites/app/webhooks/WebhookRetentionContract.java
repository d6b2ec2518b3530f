package io.sites.app.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * Retention of the outbox on both databases: deliveries done (delivered or given up on) longer ago than
 * {@code sites.webhooks.retention} are deleted in bounded batches, pending and recent ones stay, and the hook's log
 * of attempts still reads the same once an attempt's delivery is gone.
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

    private static void delivery(JdbcTemplate jdbc, String hook, String name, String state, Instant done) {
        jdbc.update("insert into webhook_delivery (id, hook_id, website_id, type, body, state, attempts, created_at,"
                + " next_at, done_at) values (?, ?, '', 'version.published', '{}', ?, 1, ?, ?, ?)", id(hook, name),
                hook, state, Timestamp.from(done), Timestamp.from(done), Timestamp.from(done));
    }

    private static String id(String hook, String name) {
        return WebhookOutbox.deliveryId(hook, name);
    }
}
