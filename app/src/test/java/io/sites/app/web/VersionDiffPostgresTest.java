package io.sites.app.web;

import io.sites.app.PostgresAppTest;

/** {@link VersionDiffContract} on PostgreSQL. */
class VersionDiffPostgresTest extends PostgresAppTest implements VersionDiffContract {
}
