package io.sites.app.usecases;

import io.sites.app.PostgresAppTest;

/** {@link UsageContract} on PostgreSQL. */
class UsagePostgresTest extends PostgresAppTest implements UsageContract {
}
