package io.sites.query.website;

import io.sites.api.id.AccountId;
import io.sites.api.query.AudienceView;
import io.sites.api.query.ReadAudience;
import java.util.HashSet;
import java.util.Set;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The live feed's audience of a website (owner and editors) from the read model, whatever the website's status:
 * the feed checks each event against it, where a read checks the caller against {@code WebsiteQueries.VISIBLE}.
 */
@Component
class AudienceQueries {
    private final JdbcTemplate jdbc;
    private final ReadTables tables;

    AudienceQueries(JdbcTemplate jdbc, ReadTables tables) {
        this.jdbc = jdbc;
        this.tables = tables;
    }

    @QueryHandler
    AudienceView handle(ReadAudience query) {
        String id = query.websiteId().value();
        Set<AccountId> accounts = new HashSet<>();
        jdbc.queryForList(tables.sql("""
                select owner_id from qs_website where id = ?
                union select account_id from qs_collaborator where website_id = ?"""), String.class, id, id)
                .forEach(account -> accounts.add(new AccountId(account)));
        return new AudienceView(accounts);
    }
}
