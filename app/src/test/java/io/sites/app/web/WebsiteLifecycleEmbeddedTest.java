package io.sites.app.web;

import io.sites.app.EmbeddedAppTest;

/** {@link WebsiteLifecycleContract} on the embedded default (H2). */
class WebsiteLifecycleEmbeddedTest extends EmbeddedAppTest implements WebsiteLifecycleContract {
}
