// Which database holds the read model, for the few statements PostgreSQL and H2 spell differently.
package io.sites.query.website;

import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;

/** PostgreSQL in production, H2 in the embedded default: the rest of the read model's SQL is common to both. */
final class ReadModelDatabase {
    private ReadModelDatabase() {
    }

    static boolean isPostgres(JdbcTemplate jdbc) {
        return Boolean.TRUE.equals(jdbc.execute((ConnectionCallback<Boolean>) connection ->
                "PostgreSQL".equals(connection.getMetaData().getDatabaseProductName())));
    }
}
