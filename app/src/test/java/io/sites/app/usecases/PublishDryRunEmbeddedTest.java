package io.sites.app.usecases;

import io.sites.app.EmbeddedAppTest;

/** {@link PublishDryRunContract} on the embedded default (H2). */
class PublishDryRunEmbeddedTest extends EmbeddedAppTest implements PublishDryRunContract {
}
