package io.sites.site.quota;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.id.WebsiteId;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * What a site replica enforces comes from site_limit, read in the background: a paused website and its Retry-After,
 * an account's own ceiling; without the database the state read last stays (the replica keeps serving), and a pause
 * ends at its time even then.
 */
class SiteLimitsTest {
    private final AtomicBoolean down = new AtomicBoolean();
    private final AtomicLong now = new AtomicLong(1_800_000_000_000L);

    @Test
    void theStateReadLastStaysWhileTheDatabaseIsAway() {
        DriverManagerDataSource database = new DriverManagerDataSource("jdbc:h2:mem:site-limits;DB_CLOSE_DELAY=-1") {
            @Override
            public Connection getConnection() throws SQLException {
                if (down.get()) {
                    throw new SQLException("the database is away");
                }
                return super.getConnection();
            }
        };
        JdbcTemplate jdbc = new JdbcTemplate(database);
        jdbc.execute("create table site_limit (website_id varchar(64) primary key, account_id varchar(64) not null,"
                + " paused_until timestamp, requests_second integer, changed_at timestamp not null)");
        WebsiteId paused = WebsiteId.generate();
        WebsiteId own = WebsiteId.generate();
        WebsiteId plain = WebsiteId.generate();
        Timestamp at = new Timestamp(now.get());
        jdbc.update("insert into site_limit values (?, 'acc_1', ?, null, ?)", paused.value(),
                new Timestamp(now.get() + 90_500), at);
        jdbc.update("insert into site_limit values (?, 'acc_2', null, 7, ?)", own.value(), at);
        SiteLimits limits = new SiteLimits(jdbc, now::get, 1000, Duration.ofSeconds(1), () -> {
        });

        assertThat(limits.refresh()).isTrue();
        assertThat(limits.pausedRetryAfter(paused)).isEqualTo("91");
        assertThat(limits.pausedRetryAfter(own)).isNull();
        assertThat(limits.pausedRetryAfter(plain)).isNull();
        assertThat(limits.requestsSecond(own)).isEqualTo(7);
        assertThat(limits.requestsSecond(plain)).isEqualTo(1000);

        down.set(true);
        assertThat(limits.refresh()).isFalse();
        assertThat(limits.pausedRetryAfter(paused)).as("kept").isNotNull();
        assertThat(limits.requestsSecond(own)).isEqualTo(7);
        now.addAndGet(91_000);
        assertThat(limits.pausedRetryAfter(paused)).as("the month ended, database or not").isNull();

        down.set(false);
        jdbc.update("delete from site_limit where website_id = ?", own.value());
        assertThat(limits.refresh()).isTrue();
        assertThat(limits.requestsSecond(own)).isEqualTo(1000);
        jdbc.execute("drop table site_limit");
    }
}
