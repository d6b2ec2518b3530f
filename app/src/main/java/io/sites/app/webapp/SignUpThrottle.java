package io.sites.app.webapp;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Keeps one address from creating accounts by the hundred, the same on every replica: attempts are rows in
 * {@code sign_up_attempt}, and a sign-up is refused while the last hour holds {@code sites.limits.sign-ups-per-hour}
 * of them from the client address. Every attempt counts, taken usernames and refused passwords too: each costs an
 * Argon2id hash, which is what an attacker would use to burn our CPU.
 */
@Component
class SignUpThrottle {
    static final Duration WINDOW = Duration.ofHours(1);
    private static final Duration KEPT = Duration.ofDays(1);
    private static final int COLUMN = 64;

    private final JdbcTemplate jdbc;
    private final Clock clock;
    private final int perHour;

    SignUpThrottle(JdbcTemplate jdbc, Clock clock, @Value("${sites.limits.sign-ups-per-hour}") int perHour) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.perHour = perHour;
    }

    /** Records the attempt and says whether it may go on; a refused attempt is not recorded. */
    boolean admit(String address) {
        String key = address == null ? "" : address.length() > COLUMN ? address.substring(0, COLUMN) : address;
        Instant now = clock.instant();
        Integer recent = jdbc.queryForObject(
                "select count(*) from sign_up_attempt where address = ? and attempted_at > ?", Integer.class, key,
                Timestamp.from(now.minus(WINDOW)));
        if (recent != null && recent >= perHour) {
            return false;
        }
        jdbc.update("delete from sign_up_attempt where attempted_at < ?", Timestamp.from(now.minus(KEPT)));
        jdbc.update("insert into sign_up_attempt (address, attempted_at) values (?, ?)", key, Timestamp.from(now));
        return true;
    }
}
