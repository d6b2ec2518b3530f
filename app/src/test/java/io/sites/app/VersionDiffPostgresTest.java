package io.sites.app;

/** {@link VersionDiffContract} on PostgreSQL. */
class VersionDiffPostgresTest extends PostgresAppTest implements VersionDiffContract {
}
