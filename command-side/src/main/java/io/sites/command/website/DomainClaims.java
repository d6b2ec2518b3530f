package io.sites.command.website;

import io.sites.api.code.ErrorCode;
import io.sites.api.id.WebsiteId;
import io.sites.command.domain.DomainRefusedException;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.List;
import java.util.function.Predicate;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * A served hostname belongs to one website across all websites, which no single aggregate can see: as with
 * {@link SlugClaims}, a row per hostname with the hostname as primary key, inserted in the command's transaction
 * before DomainVerified is appended. A claim whose holder no longer serves the hostname (removed, failed, website
 * deleted) is stale and passes to the next website that proves control.
 */
@Component
class DomainClaims {
    private final JdbcTemplate jdbc;
    private final Clock clock;

    DomainClaims(JdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** Must run inside the command's transaction; {@code stillServes} asks a holder's aggregate. */
    void claim(String hostname, WebsiteId websiteId, Predicate<WebsiteId> stillServes) {
        try {
            jdbc.update("insert into domain_claim (hostname, website_id, claimed_at) values (?, ?, ?)",
                    hostname, websiteId.value(), Timestamp.from(clock.instant()));
            return;
        } catch (DuplicateKeyException held) {
            // Below: held by this website already, by one that still serves it, or stale.
        }
        List<String> holders = jdbc.queryForList("select website_id from domain_claim where hostname = ?",
                String.class, hostname);
        if (holders.isEmpty() || holders.getFirst().equals(websiteId.value())) {
            return;
        }
        WebsiteId holder = new WebsiteId(holders.getFirst());
        if (stillServes.test(holder)) {
            throw taken(hostname);
        }
        jdbc.update("update domain_claim set website_id = ?, claimed_at = ? where hostname = ? and website_id = ?",
                websiteId.value(), Timestamp.from(clock.instant()), hostname, holder.value());
    }

    /** DOMAIN_TAKEN when another website serves the hostname now; claims nothing. */
    void requireFree(String hostname, WebsiteId websiteId, Predicate<WebsiteId> stillServes) {
        List<String> holders = jdbc.queryForList("select website_id from domain_claim where hostname = ?",
                String.class, hostname);
        if (!holders.isEmpty() && !holders.getFirst().equals(websiteId.value())
                && stillServes.test(new WebsiteId(holders.getFirst()))) {
            throw taken(hostname);
        }
    }

    private static DomainRefusedException taken(String hostname) {
        return new DomainRefusedException(ErrorCode.DOMAIN_TAKEN,
                hostname + " is verified by another website; it must be removed there first.");
    }

    /** Frees the hostname when this website held it. */
    void release(String hostname, WebsiteId websiteId) {
        jdbc.update("delete from domain_claim where hostname = ? and website_id = ?", hostname, websiteId.value());
    }
}
