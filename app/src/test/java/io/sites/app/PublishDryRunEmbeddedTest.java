package io.sites.app;

/** {@link PublishDryRunContract} on the embedded default (H2). */
class PublishDryRunEmbeddedTest extends EmbeddedAppTest implements PublishDryRunContract {
}
