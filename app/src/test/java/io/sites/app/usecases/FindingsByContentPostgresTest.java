package io.sites.app.usecases;

import io.sites.app.PostgresAppTest;

/** Findings by content on PostgreSQL. */
class FindingsByContentPostgresTest extends PostgresAppTest implements FindingsByContentContract {
}
