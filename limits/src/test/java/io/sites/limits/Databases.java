package io.sites.limits;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The databases the service runs on, migrated by Flyway as the service does: H2 in PostgreSQL mode (in memory) and
 * a fresh PostgreSQL database on the server CI starts (SITES_TEST_PG, default 127.0.0.1:5432, user postgres).
 */
record Databases(String name, JdbcTemplate jdbc, DataSourceTransactionManager transactions) {
    private static final String SERVER = System.getenv().getOrDefault("SITES_TEST_PG", "127.0.0.1:5432");
    private static final String USER = System.getenv().getOrDefault("SITES_TEST_PG_USER", "postgres");

    static final Databases H2 = migrated("H2", new DriverManagerDataSource("jdbc:h2:mem:limits-"
            + UUID.randomUUID() + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DB_CLOSE_DELAY=-1", "sa", ""));
    static final Databases POSTGRES = migrated("PostgreSQL", new DriverManagerDataSource(postgres(), USER, ""));

    @Override
    public String toString() {
        return name;
    }

    RateWindows windows(Clock clock) {
        return new RateWindows(jdbc, transactions, clock);
    }

    private static Databases migrated(String name, DataSource dataSource) {
        Flyway.configure().dataSource(dataSource).locations("classpath:db/migration").load().migrate();
        return new Databases(name, new JdbcTemplate(dataSource), new DataSourceTransactionManager(dataSource));
    }

    private static String postgres() {
        String name = "sites_limits_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        execute("create database " + name);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                execute("drop database if exists " + name + " with (force)");
            } catch (RuntimeException ignored) {
                // the server may be gone already; the name is unique, so a leftover harms nothing
            }
        }));
        return "jdbc:postgresql://" + SERVER + "/" + name;
    }

    private static void execute(String sql) {
        try (Connection connection = DriverManager.getConnection("jdbc:postgresql://" + SERVER + "/postgres", USER, "");
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL at " + SERVER + " is needed for this test: " + e.getMessage(), e);
        }
    }

    /** A clock the tests move by hand, to reach window ends without waiting. */
    static final class Moving extends Clock {
        private final AtomicReference<Instant> now;

        Moving(String start) {
            this.now = new AtomicReference<>(Instant.parse(start));
        }

        void advance(Duration by) {
            now.updateAndGet(t -> t.plus(by));
        }

        @Override
        public Instant instant() {
            return now.get();
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }
}
