package io.sites.app.webhooks;

import io.sites.app.EmbeddedAppTest;

/** {@link WebhookRetentionContract} on the embedded default (H2). */
class WebhookRetentionEmbeddedTest extends EmbeddedAppTest implements WebhookRetentionContract {
}
