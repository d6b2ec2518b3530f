package io.sites.app.web;

import io.sites.app.PostgresAppTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** {@link EventFeedContract} on PostgreSQL, where appends also notify the listening connection. */
class EventFeedPostgresTest extends PostgresAppTest implements EventFeedContract {
    @DynamicPropertySource
    static void feed(DynamicPropertyRegistry registry) {
        EventFeedContract.feedProperties(registry);
    }
}
