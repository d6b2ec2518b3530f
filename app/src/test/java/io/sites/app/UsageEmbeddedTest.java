package io.sites.app;

/** {@link UsageContract} on the embedded default (H2). */
class UsageEmbeddedTest extends EmbeddedAppTest implements UsageContract {
}
