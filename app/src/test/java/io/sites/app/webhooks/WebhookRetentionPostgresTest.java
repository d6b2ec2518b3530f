package io.sites.app.webhooks;

import io.sites.app.PostgresAppTest;

/** {@link WebhookRetentionContract} on PostgreSQL. */
class WebhookRetentionPostgresTest extends PostgresAppTest implements WebhookRetentionContract {
}
