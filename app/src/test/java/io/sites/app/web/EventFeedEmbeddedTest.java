package io.sites.app.web;

import io.sites.app.EmbeddedAppTest;

/** {@link EventFeedContract} on the embedded default (H2), in the service the other tests of its database share. */
class EventFeedEmbeddedTest extends EmbeddedAppTest implements EventFeedContract {
}
