package io.sites.app;

class DigestEditsPostgresTest extends PostgresAppTest implements DigestEditsContract {
}
