package io.sites.app.identity;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Limits what one client address may do at a door open to anyone (sign-up, OAuth client registration), the same on
 * every replica: attempts are rows in {@code address_attempt}, and an attempt is refused while the last hour holds
 * the limit of them. Count and insert are two statements, so racing replicas may let a few more through: a limit,
 * not a quota. Behind a proxy, {@code server.forward-headers-strategy} must make the address the client's.
 */
@Component
public class AddressThrottle {
    /** The window of every limit here; also the Retry-After of a refusal. */
    public static final Duration WINDOW = Duration.ofHours(1);
    private static final Duration KEPT = Duration.ofDays(1);
    private static final int COLUMN = 64;

    private final JdbcTemplate jdbc;
    private final Clock clock;

    AddressThrottle(JdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** Records the attempt and says whether it may go on; a refused attempt is not recorded. */
    public boolean admit(String kind, String address, int perHour) {
        String key = address == null ? "" : address.length() > COLUMN ? address.substring(0, COLUMN) : address;
        Instant now = clock.instant();
        Integer recent = jdbc.queryForObject("select count(*) from address_attempt where kind = ? and address = ?"
                + " and attempted_at > ?", Integer.class, kind, key, Timestamp.from(now.minus(WINDOW)));
        if (recent != null && recent >= perHour) {
            return false;
        }
        jdbc.update("delete from address_attempt where attempted_at < ?", Timestamp.from(now.minus(KEPT)));
        jdbc.update("insert into address_attempt (kind, address, attempted_at) values (?, ?, ?)", kind, key,
                Timestamp.from(now));
        return true;
    }
}
