package io.sites.app;

/** {@link PublishWarningsContract} on PostgreSQL. */
class PublishWarningsPostgresTest extends PostgresAppTest implements PublishWarningsContract {
}
