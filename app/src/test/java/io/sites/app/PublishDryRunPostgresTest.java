package io.sites.app;

/** {@link PublishDryRunContract} on PostgreSQL. */
class PublishDryRunPostgresTest extends PostgresAppTest implements PublishDryRunContract {
}
