package io.sites.app.web;

import io.sites.app.EmbeddedAppTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** {@link EventFeedContract} on the embedded default (H2). */
class EventFeedEmbeddedTest extends EmbeddedAppTest implements EventFeedContract {
    @DynamicPropertySource
    static void feed(DynamicPropertyRegistry registry) {
        EventFeedContract.feedProperties(registry);
    }
}
