package io.sites.app.usecases;

import io.sites.app.PostgresAppTest;

class DigestEditsPostgresTest extends PostgresAppTest implements DigestEditsContract {
}
