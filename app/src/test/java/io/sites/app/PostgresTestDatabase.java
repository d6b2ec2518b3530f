package io.sites.app;

import io.sites.limits.TestDatabase;
import java.util.Map;

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

    /** A service process's environment for the database at {@code url}: the postgres profile, the URL and the user. */
    public static Map<String, String> processEnvironment(String url) {
        return Map.of("SPRING_PROFILES_ACTIVE", "postgres", "SPRING_DATASOURCE_URL", url,
                "SPRING_DATASOURCE_USERNAME", user());
    }
}
