package io.sites.app.usecases;

import io.sites.app.PostgresAppTest;

/** {@link PublishWarningsContract} on PostgreSQL. */
class PublishWarningsPostgresTest extends PostgresAppTest implements PublishWarningsContract {
}
