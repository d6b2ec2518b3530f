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
 * @param registrationsPerMinute the registrations one account may ask for in a minute: each resolves the URL's host
 *     on a request thread, and a name server the tenant controls may answer slowly on purpose (more: 429)
 * @param lookupTimeout how long a registration waits for that lookup; past it the URL is refused, unchecked
 * @param retention how long a delivered or given-up delivery is kept; then {@code WebhookRetention} deletes it
 * @param retentionEvery how often each API replica deletes what is past retention (0: never)
 */
@ConfigurationProperties("sites.webhooks")
public record WebhookProperties(int perWebsite, int perAccount, Duration retryFirst, Duration retryMax,
        Duration giveUpAfter, Duration lease, Duration poll, int senders, int sendersPerAccount, Duration connectTimeout,
        Duration readTimeout, Duration totalTimeout, int registrationsPerMinute, Duration lookupTimeout,
        Duration retention, Duration retentionEvery) {
}
