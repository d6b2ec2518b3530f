package io.sites.app.web;

import io.sites.app.PostgresAppTest;

/** {@link EventFeedContract} on PostgreSQL, where appends also notify the listening connection, in the service the other tests of its database share. */
class EventFeedPostgresTest extends PostgresAppTest implements EventFeedContract {
}
