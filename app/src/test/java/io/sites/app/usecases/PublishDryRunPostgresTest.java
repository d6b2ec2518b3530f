package io.sites.app.usecases;

import io.sites.app.PostgresAppTest;

/** {@link PublishDryRunContract} on PostgreSQL. */
class PublishDryRunPostgresTest extends PostgresAppTest implements PublishDryRunContract {
}
