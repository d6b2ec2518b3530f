package io.sites.app.webapp;

import io.sites.app.identity.Usernames;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Slows password guessing down, the same on every replica: failures are rows in {@code sign_in_failure}, and a
 * sign-in is refused while the last 15 minutes hold {@value #PER_USERNAME} failures for the username or
 * {@value #PER_ADDRESS} from the client address. Refused attempts are not recorded, so the refusal lifts 15 minutes
 * after the failures that caused it. A success forgets the username's failures but not the address's, so an
 * attacker cannot clear the address count by signing in to an account of their own between guesses.
 */
@Component
class SignInThrottle {
    static final int PER_USERNAME = 5;
    static final int PER_ADDRESS = 20;
    static final Duration WINDOW = Duration.ofMinutes(15);
    private static final Duration KEPT = Duration.ofDays(1);
    private static final int COLUMN = 64;

    private final JdbcTemplate jdbc;
    private final Clock clock;

    SignInThrottle(JdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    boolean refused(String username, String address) {
        Timestamp since = Timestamp.from(clock.instant().minus(WINDOW));
        return count("username = ? and not forgiven", key(username), since) >= PER_USERNAME
                || count("address = ?", cut(address), since) >= PER_ADDRESS;
    }

    void failed(String username, String address) {
        Instant now = clock.instant();
        jdbc.update("delete from sign_in_failure where failed_at < ?", Timestamp.from(now.minus(KEPT)));
        jdbc.update("insert into sign_in_failure (username, address, failed_at) values (?, ?, ?)", key(username),
                cut(address), Timestamp.from(now));
    }

    void succeeded(String username) {
        // Forgiven, not deleted: the rows still count against the address.
        jdbc.update("update sign_in_failure set forgiven = true where username = ? and not forgiven", key(username));
    }

    private int count(String condition, String value, Timestamp since) {
        Integer n = jdbc.queryForObject("select count(*) from sign_in_failure where " + condition
                + " and failed_at > ?", Integer.class, value, since);
        return n == null ? 0 : n;
    }

    private static String key(String username) {
        return cut(Usernames.normalize(username));
    }

    private static String cut(String value) {
        String text = value == null ? "" : value;
        return text.length() > COLUMN ? text.substring(0, COLUMN) : text;
    }
}
