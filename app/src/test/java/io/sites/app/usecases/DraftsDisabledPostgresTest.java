package io.sites.app.usecases;

import io.sites.app.PostgresAppTest;

/** {@link DraftsDisabledContract} on PostgreSQL's shared context. */
class DraftsDisabledPostgresTest extends PostgresAppTest implements DraftsDisabledContract {
}
