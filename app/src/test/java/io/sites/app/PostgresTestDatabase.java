package io.sites.app;

import io.sites.limits.TestDatabase;

/**
 * A fresh PostgreSQL database for one test context, on the server that CI starts (SITES_TEST_PG, default
 * 127.0.0.1:5432 as user postgres). Nothing is shared between runs; the database is dropped at JVM exit.
 */
public final class PostgresTestDatabase {

    private PostgresTestDatabase() {
    }

    public static String create() {
        return TestDatabase.createPostgres();
    }

    public static String user() {
        return TestDatabase.postgresUser();
    }
}
