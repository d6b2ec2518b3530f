package io.sites.app.web;

import io.sites.app.PostgresAppTest;

/** {@link HistoryContract} on PostgreSQL, where snapshots are taken every 5 events. */
class HistoryPostgresTest extends PostgresAppTest implements HistoryContract {
}
