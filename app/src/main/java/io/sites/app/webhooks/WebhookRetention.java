package io.sites.app.webhooks;

import io.sites.app.roles.ConditionalOnRole;
import io.sites.app.roles.ServiceRole;
import io.sites.replica.RepeatedWork;
import java.time.Clock;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Keeps the outbox from growing without bound: every {@code retention-every} (default an hour; 0: never) each API
 * replica deletes the deliveries delivered or given up on more than {@code retention} ago (default 30 days), in
 * batches of {@value #BATCH}, each a statement and a transaction of its own, so no round holds a long lock or a large
 * transaction. Pending deliveries are never deleted (they are given up on after {@code give-up-after}, then age out);
 * the hooks' attempt logs keep their own copy of what they show. Every replica trims, as every replica sweeps expiry:
 * two at once are harmless (a row deleted by one is not there for the other), so no lease is needed.
 */
@Component
@ConditionalOnRole(ServiceRole.API)
class WebhookRetention implements SmartLifecycle {
    private static final Logger log = LoggerFactory.getLogger(WebhookRetention.class);
    /** Deliveries deleted per statement; a round goes on while whole batches come back and the replica runs. */
    static final int BATCH = 500;

    private final WebhookDeliveries deliveries;
    private final WebhookProperties properties;
    private final Clock clock;
    private final RepeatedWork work;
    private volatile boolean stopping;

    WebhookRetention(WebhookDeliveries deliveries, WebhookProperties properties, Clock clock) {
        this.deliveries = deliveries;
        this.properties = properties;
        this.clock = clock;
        this.work = new RepeatedWork("webhook-retention", properties.retentionEvery(), this::trimQuietly);
    }

    /** One round: the deliveries this call deleted. */
    int trim() {
        Instant before = clock.instant().minus(properties.retention());
        int deleted = 0;
        int batch;
        do {
            batch = deliveries.trim(before, BATCH);
            deleted += batch;
        } while (batch == BATCH && !stopping);
        if (deleted > 0) {
            log.info("Webhook retention deleted {} deliveries done before {}", deleted, before);
        }
        return deleted;
    }

    private void trimQuietly() {
        try {
            trim();
        } catch (RuntimeException failed) {
            // Nothing is lost: what was not deleted this round is deleted the next.
            log.warn("Webhook retention failed; retried next round: {}", failed.toString());
        }
    }

    @Override
    public void start() {
        stopping = false;
        work.start();
    }

    @Override
    public void stop() {
        stopping = true;
        work.stop();
    }

    @Override
    public boolean isRunning() {
        return work.isRunning();
    }
}
