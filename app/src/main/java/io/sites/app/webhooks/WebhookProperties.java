package io.sites.app.webhooks;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code sites.webhooks.*}: limits, retries and timeouts of webhooks, each with its environment variable and default
 * in application.yml ({@code SITES_WEBHOOKS_PER_WEBSITE}, ...).
 *
 * @param retryFirst the wait after a first failed attempt; each later one waits twice as long, up to retryMax
 * @param giveUpAfter how long after it was recorded a delivery is still retried; then the hook is marked failing
 * @param lease how long a replica holds a delivery it is sending: past it (the replica died) another sends it
 * @param poll how often each API replica looks for deliveries due (a new event also wakes the replica that read it)
 * @param senders the attempts one replica makes at once (each on a virtual thread: a slow receiver costs no platform
 *     thread)
 * @param sendersPerAccount the attempts one replica makes at once for one account's hooks, so that one tenant's slow
 *     or dead receivers never hold every sender while other tenants' deliveries wait
 */
@ConfigurationProperties("sites.webhooks")
public record WebhookProperties(int perWebsite, int perAccount, Duration retryFirst, Duration retryMax,
        Duration giveUpAfter, Duration lease, Duration poll, int senders, int sendersPerAccount, Duration connectTimeout,
        Duration readTimeout, Duration totalTimeout) {
}
