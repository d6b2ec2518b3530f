package io.sites.app.webhooks;

import io.sites.app.EmbeddedAppTest;

/** {@link WebhooksContract} on the embedded default (H2). */
class WebhooksEmbeddedTest extends EmbeddedAppTest implements WebhooksContract {
}
