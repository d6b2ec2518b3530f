package io.sites.app.usecases;

import io.sites.app.PostgresAppTest;

/** {@link QuotaContract} on PostgreSQL. */
class QuotaPostgresTest extends PostgresAppTest implements QuotaContract {
}
