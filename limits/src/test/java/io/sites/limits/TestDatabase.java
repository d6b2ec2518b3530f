package io.sites.limits;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.UUID;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * A fresh database of a kind the service runs on, migrated by Flyway from the classpath as the service does: H2 in
 * PostgreSQL mode (in memory) or PostgreSQL on the server CI starts (SITES_TEST_PG, default 127.0.0.1:5432, user
 * postgres; each database is dropped at JVM exit). Shared with other modules' tests as a test-jar.
 */
public record TestDatabase(String name, JdbcTemplate jdbc, DataSourceTransactionManager transactions) {
    private static final String SERVER = System.getenv().getOrDefault("SITES_TEST_PG", "127.0.0.1:5432");
    private static final String USER = System.getenv().getOrDefault("SITES_TEST_PG_USER", "postgres");
    private static final long DROP_PATIENCE_NANOS = 20_000_000_000L;

    public static TestDatabase h2() {
        return migrated("H2", new DriverManagerDataSource("jdbc:h2:mem:test-" + UUID.randomUUID()
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DB_CLOSE_DELAY=-1", "sa", ""));
    }

    public static TestDatabase postgres() {
        return migrated("PostgreSQL", new DriverManagerDataSource(createPostgres(), USER, ""));
    }

    /** The rate windows of one replica on this database; several replicas share it. */
    public RateWindows windows(Clock clock) {
        return new RateWindows(jdbc, transactions, clock);
    }

    @Override
    public String toString() {
        return name;
    }

    /** A fresh, empty PostgreSQL database: its JDBC URL, for {@link #postgresUser()}. */
    public static String createPostgres() {
        String name = "sites_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        execute("create database " + name);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> drop(name)));
        return "jdbc:postgresql://" + SERVER + "/" + name;
    }

    /**
     * At JVM exit, while the other hooks close the application contexts on this database: a plain drop, retried
     * until their pools have let go, then a forced one. Forced at once, it cut off contexts still closing, whose
     * processors then waited 30 s for a connection and held the JVM's exit up until surefire killed it.
     */
    private static void drop(String name) {
        long deadline = System.nanoTime() + DROP_PATIENCE_NANOS;
        try {
            while (System.nanoTime() < deadline) {
                try {
                    execute("drop database if exists " + name);
                    return;
                } catch (IllegalStateException inUse) {
                    Thread.sleep(200);
                }
            }
            execute("drop database if exists " + name + " with (force)");
        } catch (InterruptedException | RuntimeException ignored) {
            // the server may be gone already; the name is unique, so a leftover harms nothing
        }
    }

    public static String postgresUser() {
        return USER;
    }

    private static TestDatabase migrated(String name, DataSource dataSource) {
        Flyway.configure().dataSource(dataSource).locations("classpath:db/migration").load().migrate();
        return new TestDatabase(name, new JdbcTemplate(dataSource), new DataSourceTransactionManager(dataSource));
    }

    private static void execute(String sql) {
        try (Connection connection = DriverManager.getConnection("jdbc:postgresql://" + SERVER + "/postgres", USER, "");
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL at " + SERVER + " is needed for this test: " + e.getMessage(), e);
        }
    }
}
