package io.sites.app.webhooks;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.WebhookReceiver;
import io.sites.app.WebhookReceiverAllowance;
import io.sites.app.Http;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Deliveries to a real HTTPS receiver on loopback, trusted through a test CA ({@link WebhookReceiver}): in order,
 * signed as Standard Webhooks receivers check, each event delivered once with an id stable across its retries after
 * a 500 and after a dropped connection; a hook that never answers well marked failing; a redirect not followed.
 * Retries are fast here (100 ms, giving up after 3 s), and this replica sends two at once, one per account; the
 * fleet's kill -9 is WebhookFleetTest's.
 */
@Import(WebhookReceiverAllowance.class)
@TestPropertySource(properties = {"sites.webhooks.retry-first=100ms", "sites.webhooks.retry-max=200ms",
        "sites.webhooks.give-up-after=3s", "sites.webhooks.poll=100ms", "sites.webhooks.senders=2",
        "sites.webhooks.senders-per-account=1"})
class WebhookDeliveryTest extends EmbeddedAppTest {
    private final WebhookReceiver receiver = WebhookReceiver.shared();

    private String website() {
        return http().post("/v1/websites", ALICE, site(unique("deliver"), "Deliver", file("index.html", "<p>1</p>")))
                .json().get("websiteId").asString();
    }

    private JsonNode hook(String websiteId, String path, List<String> events) {
        Http.Response added = http().post("/v1/websites/" + websiteId + "/webhooks", ALICE,
                Map.of("url", receiver.url(path), "events", events));
        assertThat(added.status()).as(added.text()).isEqualTo(201);
        return added.json();
    }

    @Test
    void eventsArriveInOrderSignedAndEachOnceAfterA500AndADroppedConnection() throws Exception {
        String id = website();
        JsonNode failing = hook(id, "/fail-once/order", List.of("*"));
        JsonNode dropping = hook(id, "/drop-once/order", List.of("version.published"));
        for (int n = 2; n <= 4; n++) {
            assertThat(http().post("/v1/websites/" + id + "/versions", ALICE,
                    version(true, "v" + n, file("index.html", "<p>" + n + "</p>"))).status()).isEqualTo(201);
        }
        for (JsonNode hook : List.of(failing, dropping)) {
            String path = hook.get("url").asString().substring(receiver.url("").length());
            List<WebhookReceiver.Received> answered = await(() -> receiver.received(path).stream()
                    .filter(request -> request.status() == 200).toList(), 3);
            List<WebhookReceiver.Received> all = receiver.received(path);
            assertThat(all.getFirst().status()).as("the first attempt failed").isNotEqualTo(200);
            assertThat(all.getFirst().id()).as("and was retried under the same id").isEqualTo(answered.getFirst().id());
            assertThat(answered).hasSize(3).extracting(WebhookReceiver.Received::id).doesNotHaveDuplicates();
            for (WebhookReceiver.Received request : all) {
                assertThat(WebhookReceiver.verified(request, hook.get("secret").asString())).as(request.body())
                        .isTrue();
            }
            List<JsonNode> bodies = answered.stream().map(request -> Http.JSON.readTree(request.body())).toList();
            assertThat(bodies).extracting(body -> body.get("version").asInt()).as("in order").containsExactly(2, 3,
                    4);
            assertThat(bodies).allSatisfy(body -> {
                assertThat(body.get("type").asString()).isEqualTo("version.published");
                assertThat(body.get("websiteId").asString()).isEqualTo(id);
                assertThat(body.get("actor").get("name").asString()).isEqualTo("alice");
                assertThat(body.get("details").get("promote").asBoolean()).isTrue();
            });
            assertThat(answered.stream().map(request -> Http.JSON.readTree(request.body()).get("id").asString())
                    .toList()).as("the body's id is the webhook-id").isEqualTo(answered.stream()
                    .map(WebhookReceiver.Received::id).toList());
        }
        JsonNode log = http().get("/v1/websites/" + id + "/webhooks/" + failing.get("id").asString()
                + "/deliveries", ALICE).json().get("attempts");
        assertThat(log).hasSize(4);
        assertThat(log.get(3).get("status").asInt()).as("oldest last: the 500").isEqualTo(500);
        assertThat(log.get(0).get("status").asInt()).isEqualTo(200);
        assertThat(log.get(0).get("type").asString()).isEqualTo("version.published");
    }

    @Test
    void aHookThatNeverAnswersWellIsMarkedFailingAndARedirectIsNotFollowed() {
        String id = website();
        String hooks = "/v1/websites/" + id + "/webhooks/";
        String broken = hook(id, "/always-500/x", List.of("version.promoted")).get("id").asString();
        String moved = hook(id, "/redirect/x", List.of("version.promoted")).get("id").asString();
        assertThat(http().post(hooks + broken + "/test", ALICE, "").status()).isEqualTo(202);
        assertThat(http().post(hooks + moved + "/test", ALICE, "").status()).isEqualTo(202);

        JsonNode failing = await(() -> {
            JsonNode hook = http().get(hooks + broken, ALICE).json();
            return hook.get("status").asString().equals("failing") ? List.of(hook) : List.of();
        }, 1).getFirst();
        assertThat(failing.get("failingSince").isNull()).isFalse();
        List<JsonNode> attempts = http().get(hooks + broken + "/deliveries", ALICE).json().get("attempts")
                .valueStream().toList();
        assertThat(attempts.size()).as("retried until given up").isGreaterThan(1);
        assertThat(attempts).allSatisfy(attempt -> {
            assertThat(attempt.get("status").asInt()).isEqualTo(500);
            assertThat(attempt.get("type").asString()).isEqualTo("webhook.test");
        });
        assertThat(attempts.stream().map(attempt -> attempt.get("deliveryId").asString()).distinct()).hasSize(1);
        assertThat(bean(MeterRegistry.class).find("sites.webhooks.attempts").tag("outcome", "retried").timer()
                .count()).as("the operator's count of attempts by outcome").isPositive();

        JsonNode redirected = await(() -> http().get(hooks + moved + "/deliveries", ALICE).json().get("attempts")
                .valueStream().toList(), 1).getFirst();
        assertThat(redirected.get("status").asInt()).isEqualTo(302);
        assertThat(redirected.get("error").asString()).contains("redirects are not followed");
        assertThat(receiver.received("/ok/redirected")).isEmpty();
    }

    @Test
    void oneAccountsHangingReceiversNeverHoldEverySender() {
        receiver.hold("hang");
        try {
            String slow = website();
            for (int n = 1; n <= 3; n++) {
                hook(slow, "/hold/hang/" + n, List.of("version.published"));
            }
            String theirs = http().post("/v1/websites", BOB, site(unique("fair"), "Fair", file("index.html",
                    "<p>1</p>"))).json().get("websiteId").asString();
            assertThat(http().post("/v1/websites/" + theirs + "/webhooks", BOB, Map.of("url",
                    receiver.url("/ok/fair"), "events", List.of("version.published"))).status()).isEqualTo(201);
            assertThat(http().post("/v1/websites/" + slow + "/versions", ALICE, version(true, "hangs",
                    file("index.html", "<p>2</p>"))).status()).isEqualTo(201);
            await(() -> receiver.received("/hold/hang/1").size() + receiver.received("/hold/hang/2").size()
                    + receiver.received("/hold/hang/3").size() > 0 ? List.of(1) : List.of(), 1);
            assertThat(http().post("/v1/websites/" + theirs + "/versions", BOB, version(true, "goes through",
                    file("index.html", "<p>2</p>"))).status()).isEqualTo(201);
            // Two senders: without a share per account, alice's hanging hooks would hold both for their timeout.
            assertThat(await(() -> receiver.received("/ok/fair"), 1).getFirst().status()).isEqualTo(200);
            assertThat(receiver.received("/hold/hang/1").size() + receiver.received("/hold/hang/2").size()
                    + receiver.received("/hold/hang/3").size()).as("alice's share: one at a time").isEqualTo(1);
        } finally {
            receiver.release("hang");
        }
    }

    /** Asks again (bounded) until at least {@code count} items come back; no timing asserted. */
    private static <T> List<T> await(Supplier<List<T>> ask, int count) {
        List<T> items = ask.get();
        for (int i = 0; i < 400 && items.size() < count; i++) {
            WebhooksContract.pause();
            items = ask.get();
        }
        assertThat(items).hasSizeGreaterThanOrEqualTo(count);
        return items;
    }
}
