package io.sites.app;

/** {@link UsageContract} on PostgreSQL. */
class UsagePostgresTest extends PostgresAppTest implements UsageContract {
}
