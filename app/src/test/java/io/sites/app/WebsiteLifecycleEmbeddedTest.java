package io.sites.app;

/** {@link WebsiteLifecycleContract} on the embedded default (H2). */
class WebsiteLifecycleEmbeddedTest extends EmbeddedAppTest implements WebsiteLifecycleContract {
}
