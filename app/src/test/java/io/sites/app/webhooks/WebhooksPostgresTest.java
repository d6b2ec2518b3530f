package io.sites.app.webhooks;

import io.sites.app.PostgresAppTest;

/** {@link WebhooksContract} on PostgreSQL. */
class WebhooksPostgresTest extends PostgresAppTest implements WebhooksContract {
}
