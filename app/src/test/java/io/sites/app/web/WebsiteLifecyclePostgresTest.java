package io.sites.app.web;

import io.sites.app.PostgresAppTest;

/** {@link WebsiteLifecycleContract} on PostgreSQL, where snapshots are taken every 5 events. */
class WebsiteLifecyclePostgresTest extends PostgresAppTest implements WebsiteLifecycleContract {
}
