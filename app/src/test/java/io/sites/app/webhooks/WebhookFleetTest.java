package io.sites.app.webhooks;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Bundles;
import io.sites.app.Http;
import io.sites.app.PostgresAppTest;
import io.sites.app.ServiceProcess;
import io.sites.app.WebhookReceiver;
import io.sites.app.WebhookReceiverAllowance;
import io.sites.app.fleet.WebhookFleetAllowance;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;

/**
 * A two-api fleet on PostgreSQL, this process and a second in a JVM of its own: the second sends a delivery (this
 * one's sender is stopped so that it must), is killed with -9 while the receiver holds the request, and this one,
 * its sender started again, sends that delivery once its lease has run out, under the same id, then the next event;
 * every delivery is recorded once and delivered once.
 */
@Import(WebhookReceiverAllowance.class)
@TestPropertySource(properties = {"sites.webhooks.retry-first=100ms", "sites.webhooks.lease=3s",
        "sites.webhooks.poll=100ms"})
class WebhookFleetTest extends PostgresAppTest {
    @Autowired
    Environment environment;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    WebhookSender sender;

    @Test
    void aDeliveryUnderWayOnAKilledReplicaIsSentByTheOtherUnderTheSameIdAndNothingTwice() throws Exception {
        WebhookReceiver receiver = WebhookReceiver.shared();
        Path ca = Files.createTempFile("webhook-ca", ".pem");
        Files.writeString(ca, receiver.caPem());
        ServiceProcess second = ServiceProcess.beside(environment, Map.of("SITES_TEST_WEBHOOK_PORT",
                Integer.toString(receiver.port()), "SITES_TEST_WEBHOOK_CA", ca.toString(),
                "SPRING_MAIN_SOURCES", WebhookFleetAllowance.class.getName(), "SITES_WEBHOOKS_LEASE", "3s",
                "SITES_WEBHOOKS_POLL", "100ms", "SITES_WEBHOOKS_RETRY_FIRST", "100ms"));
        second.withCommand(withAllowance(ServiceProcess.java(List.of("-Xmx384m", "-XX:TieredStopAtLevel=1"))));
        sender.stop();
        try {
            second.start();
            String id = http().post("/v1/websites", ALICE, Bundles.site(Bundles.unique("fleet"), "Fleet",
                    file("index.html", "<p>1</p>"))).json().get("websiteId").asString();
            Http.Response added = http().post("/v1/websites/" + id + "/webhooks", ALICE,
                    Map.of("url", receiver.url("/hold-once/fleet"), "events", List.of("version.published")));
            assertThat(added.status()).isEqualTo(201);
            assertThat(http().post("/v1/websites/" + id + "/versions", ALICE,
                    version(true, "two", file("index.html", "<p>2</p>"))).status()).isEqualTo(201);
            try {
                second.awaitUntil(() -> !receiver.received("/hold-once/fleet").isEmpty());
            } catch (AssertionError none) {
                throw new AssertionError("nothing reached the receiver; attempts: " + jdbc.queryForList(
                        "select * from webhook_attempt") + ", deliveries: " + jdbc.queryForList(
                        "select id, state, lease_owner, attempts from webhook_delivery"), none);
            }

            second.kill();
            receiver.release();
            assertThat(http().post("/v1/websites/" + id + "/versions", ALICE,
                    version(true, "three", file("index.html", "<p>3</p>"))).status()).isEqualTo(201);
            sender.start();
            for (int i = 0; i < 1200 && receiver.received("/hold-once/fleet").stream()
                    .filter(request -> request.status() == 200).count() < 2; i++) {
                WebhooksContract.pause(); // the dead replica's lease runs out (3 s), then this one sends
            }

            List<WebhookReceiver.Received> all = receiver.received("/hold-once/fleet");
            List<WebhookReceiver.Received> answered = all.stream().filter(request -> request.status() == 200)
                    .toList();
            assertThat(all.getFirst().status()).as("held by the killed replica").isEqualTo(-1);
            assertThat(answered.getFirst().id()).as("sent again under the same id").isEqualTo(all.getFirst().id());
            assertThat(answered).extracting(WebhookReceiver.Received::id).doesNotHaveDuplicates();
            assertThat(answered.stream().map(request -> Http.JSON.readTree(request.body()).get("version").asInt()))
                    .containsExactly(2, 3);
            // The receiver counts an answer when it writes it; the sender records it once it has read it.
            String hook = added.json().get("id").asString();
            for (int i = 0; i < 1200 && jdbc.queryForList("select state from webhook_delivery where hook_id = ?",
                    String.class, hook).contains("pending"); i++) {
                WebhooksContract.pause();
            }
            assertThat(jdbc.queryForList("select state from webhook_delivery where hook_id = ?", String.class,
                    hook)).as("recorded once each").containsExactly("delivered", "delivered");
        } finally {
            receiver.release();
            if (!sender.isRunning()) {
                sender.start();
            }
            second.stop();
        }
    }

    /** The service's command with {@link WebhookFleetAllowance}'s class file, alone, added to its classpath. */
    private static List<String> withAllowance(List<String> command) throws Exception {
        Path extra = Files.createTempDirectory("webhook-fleet-allowance");
        String name = WebhookFleetAllowance.class.getName().replace('.', '/') + ".class";
        Path target = extra.resolve(name);
        Files.createDirectories(target.getParent());
        try (var in = WebhookFleetAllowance.class.getClassLoader().getResourceAsStream(name)) {
            Files.copy(in, target);
        }
        List<String> changed = new ArrayList<>(command);
        int classpath = changed.indexOf("-cp") + 1;
        changed.set(classpath, changed.get(classpath) + java.io.File.pathSeparator + extra);
        return changed;
    }
}
