package io.sites.app;

/** {@link PublishWarningsContract} on the embedded default (H2). */
class PublishWarningsEmbeddedTest extends EmbeddedAppTest implements PublishWarningsContract {
}
