package io.sites.app.webhooks;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.sites.app.roles.ConditionalOnRole;
import io.sites.app.roles.ServiceRole;
import io.sites.command.remote.WebhookPosts;
import io.sites.replica.BackgroundWork;
import io.sites.replica.RepeatedWork;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Sends the outbox: every {@code poll} (and whenever this replica's processor recorded something) it takes the due
 * heads of the queues, claims each with a lease in its row (so in a fleet one replica sends it; a replica killed
 * mid-send lets its lease run out and another sends it, with the same id), posts it signed, and records the answer:
 * delivered (never sent again), or another attempt after an exponential back-off, until {@code give-up-after} has
 * passed since it was recorded; then it is abandoned and its hook marked failing (cleared by the next delivery).
 * Each attempt runs on a virtual thread, at most {@code senders} at once and {@code senders-per-account} for one
 * account's hooks: a tenant whose receivers hang for the whole timeout holds only its own share.
 */
@Component
@ConditionalOnRole(ServiceRole.API)
class WebhookSender implements SmartLifecycle {
    private static final Logger log = LoggerFactory.getLogger(WebhookSender.class);

    private final WebhookDeliveries deliveries;
    private final WebhookRows hooks;
    private final WebhookPosts posts;
    private final WebhookConfiguration.WebhookSecrets secrets;
    private final WebhookProperties properties;
    private final Clock clock;
    private final MeterRegistry registry;
    private final String owner = "webhook-sender-" + UUID.randomUUID();
    private final AtomicInteger sending = new AtomicInteger();
    /** Attempts under way per account; only the round's thread adds, senders take away (and drop a zero). */
    private final Map<String, Integer> sendingFor = new ConcurrentHashMap<>();
    private final RepeatedWork rounds;
    private ExecutorService senders;
    private volatile boolean running;

    WebhookSender(WebhookDeliveries deliveries, WebhookRows hooks, WebhookPosts posts,
            WebhookConfiguration.WebhookSecrets secrets, WebhookProperties properties, Clock clock,
            MeterRegistry registry) {
        this.deliveries = deliveries;
        this.hooks = hooks;
        this.posts = posts;
        this.secrets = secrets;
        this.properties = properties;
        this.clock = clock;
        this.registry = registry;
        this.rounds = new RepeatedWork("webhook-rounds", properties.poll(), this::round);
    }

    /** A round soon, rather than at the next poll: something was just recorded. */
    void wake() {
        if (running) {
            rounds.soon();
        }
    }

    private void round() {
        try {
            int room = properties.senders() - sending.get();
            if (!running || room <= 0) {
                return;
            }
            Instant now = clock.instant();
            int share = properties.sendersPerAccount();
            // Each attempt under way can make one row of the answer unusable (its account's share is taken), so
            // asking for as many as there are senders leaves room rows for the accounts that have a share left.
            for (WebhookDeliveries.Due due : deliveries.due(now, share, properties.senders())) {
                if (room <= 0) {
                    break;
                }
                if (sendingFor.getOrDefault(due.accountId(), 0) >= share) {
                    continue;
                }
                if (deliveries.claim(due.id(), owner, now, now.plus(properties.lease()))) {
                    room--;
                    sending.incrementAndGet();
                    sendingFor.merge(due.accountId(), 1, Integer::sum);
                    senders.execute(() -> {
                        try {
                            send(due);
                        } finally {
                            sendingFor.computeIfPresent(due.accountId(), (account, n) -> n == 1 ? null : n - 1);
                            sending.decrementAndGet();
                        }
                    });
                }
            }
        } catch (RuntimeException failed) {
            log.warn("Webhook deliveries could not be read or claimed; the next round tries again", failed);
        }
    }

    private void send(WebhookDeliveries.Due due) {
        try {
            long timestamp = clock.instant().getEpochSecond();
            byte[] body = due.body().getBytes(StandardCharsets.UTF_8);
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("webhook-id", due.id());
            headers.put("webhook-timestamp", Long.toString(timestamp));
            headers.put("webhook-signature", WebhookSignatures.sign(secrets.open(due.sealedSecret()), due.id(),
                    timestamp, body));
            long started = System.nanoTime();
            WebhookPosts.Answer answer = posts.post(due.url(), headers, body);
            long latency = Duration.ofNanos(System.nanoTime() - started).toMillis();
            Instant now = clock.instant();
            deliveries.attempted(due.hookId(), due.id(), now, answer.status(), latency, answer.error());
            String outcome;
            if (answer.delivered()) {
                outcome = "delivered";
                deliveries.delivered(due.id(), now);
                hooks.working(due.hookId());
            } else if (!now.isBefore(due.createdAt().plus(properties.giveUpAfter()))) {
                outcome = "abandoned";
                deliveries.abandon(due.id(), now);
                hooks.failing(due.hookId(), now);
                log.info("Webhook {} gave up on delivery {} after {}: {}", due.hookId(), due.id(),
                        properties.giveUpAfter(), answer.error());
            } else {
                outcome = "retried";
                deliveries.retryAt(due.id(), owner, now.plus(backOff(due.attempts())));
            }
            // Per outcome only: a tag per hook or account would grow without bound with the tenants.
            Timer.builder("sites.webhooks.attempts").description("Webhook delivery attempts, by outcome")
                    .tag("outcome", outcome).register(registry).record(Duration.ofMillis(latency));
        } catch (RuntimeException failed) {
            // The lease runs out and the delivery is tried again, by this replica or another.
            log.warn("Webhook delivery {} could not be sent or recorded", due.id(), failed);
        }
    }

    /** retryFirst after the first failure, doubling after each next one, never more than retryMax. */
    Duration backOff(int failedBefore) {
        Duration wait = properties.retryFirst();
        for (int i = 0; i < failedBefore && wait.compareTo(properties.retryMax()) < 0; i++) {
            wait = wait.multipliedBy(2);
        }
        return wait.compareTo(properties.retryMax()) > 0 ? properties.retryMax() : wait;
    }

    @Override
    public void start() {
        senders = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("webhook-sender-", 1).factory());
        running = true;
        rounds.start();
    }

    @Override
    public void stop() {
        running = false;
        rounds.stop();
        BackgroundWork.stop(senders);
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
