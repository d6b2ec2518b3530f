package io.sites.command.website;

import io.sites.api.id.WebsiteId;
import java.sql.Timestamp;
import java.time.Clock;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Slug uniqueness is a constraint over all websites, which no single aggregate can see. A row per slug with the
 * slug as primary key is inserted in the same transaction that appends the WebsiteCreated event: two websites can
 * never hold one slug, and a publish that fails rolls its claim back with it.
 */
@Component
public class SlugClaims {
    private final JdbcTemplate jdbc;
    private final Clock clock;

    SlugClaims(JdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** Must run inside the command's transaction. */
    void claim(String slug, WebsiteId websiteId) {
        try {
            jdbc.update("insert into slug_claim (slug, website_id, claimed_at) values (?, ?, ?)",
                    slug, websiteId.value(), Timestamp.from(clock.instant()));
        } catch (DuplicateKeyException taken) {
            throw new SlugTakenException(slug);
        }
    }

    /** A hint for choosing a slug; only {@link #claim} decides. */
    public boolean isFree(String slug) {
        Integer count = jdbc.queryForObject("select count(*) from slug_claim where slug = ?", Integer.class, slug);
        return count == null || count == 0;
    }
}
