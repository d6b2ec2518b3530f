package io.sites.query.website;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * A fresh database with only the query side's migrations: H2 in the service's PostgreSQL mode, and the real
 * PostgreSQL that CI starts (SITES_TEST_PG, default 127.0.0.1:5432 as user postgres).
 */
final class ReadModelDatabases {
    private static final String PG = System.getenv().getOrDefault("SITES_TEST_PG", "127.0.0.1:5432");
    private static final String PG_USER = System.getenv().getOrDefault("SITES_TEST_PG_USER", "postgres");

    private ReadModelDatabases() {
    }

    static JdbcTemplate fresh(String kind) {
        String name = "qs_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        DataSource dataSource = switch (kind) {
            case "h2" -> new DriverManagerDataSource("jdbc:h2:mem:" + name
                    + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1", "sa", "");
            case "postgres" -> {
                execute("create database " + name);
                Runtime.getRuntime().addShutdownHook(new Thread(() -> execute("drop database if exists " + name
                        + " with (force)")));
                yield new DriverManagerDataSource("jdbc:postgresql://" + PG + "/" + name, PG_USER, "");
            }
            default -> throw new IllegalArgumentException(kind);
        };
        Flyway.configure().dataSource(dataSource).locations("classpath:db/migration").load().migrate();
        return new JdbcTemplate(dataSource);
    }

    private static void execute(String sql) {
        try (Connection connection = DriverManager.getConnection("jdbc:postgresql://" + PG + "/postgres", PG_USER, "");
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
