package io.sites.site;

import io.sites.limits.RateWindows;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.flywaydb.core.Flyway;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/** A fresh in-memory database with the rate window's table, as the service's Flyway migrations make it. */
final class GateDatabase {
    private final DriverManagerDataSource dataSource = new DriverManagerDataSource("jdbc:h2:mem:gate-"
            + UUID.randomUUID() + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DB_CLOSE_DELAY=-1", "sa", "");

    GateDatabase() {
        Flyway.configure().dataSource(dataSource).locations("classpath:db/migration").load().migrate();
    }

    /** What one replica's gate counts in; gates of several replicas share the database. */
    RateWindows windows(Clock clock) {
        return new RateWindows(new JdbcTemplate(dataSource), new DataSourceTransactionManager(dataSource), clock);
    }

    /** A clock the tests move by hand, to reach a window's end without waiting. */
    static final class Moving extends Clock {
        private final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-11-23T12:00:00Z"));

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
