package io.sites.query.website;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.id.AccountId;
import io.sites.api.Category;
import io.sites.api.event.WebsiteCreated;
import io.sites.api.id.WebsiteId;
import io.sites.api.query.FindWebsite;
import java.time.Clock;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.core.JdbcTemplate;

/** While frozen, reads come from the copy taken at the freeze, whatever happens to the live tables. */
class ReadTablesTest {

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void readsServeTheCopyWhileFrozenAndTheLiveTablesAfter(String database) throws Exception {
        JdbcTemplate jdbc = ReadModelDatabases.fresh(database);
        WebsiteProjection projection = new WebsiteProjection(jdbc);
        ReadTables tables = new ReadTables(jdbc, Clock.systemUTC());
        WebsiteQueries websites = new WebsiteQueries(jdbc, tables);
        AccountId owner = AccountId.generate();
        WebsiteId site = WebsiteId.generate();
        projection.on(new WebsiteCreated(site, owner, "frozen", "frozen", Category.OTHER, null),
                Instant.parse("2026-11-21T10:00:00Z"), 0);

        tables.freeze();
        projection.reset();
        assertThat(jdbc.queryForObject("select count(*) from qs_website", Integer.class)).isZero();
        assertThat(websites.handle(new FindWebsite(owner, site))).as("served from the copy").isPresent();

        tables.thaw();
        assertThat(websites.handle(new FindWebsite(owner, site))).as("back on the (emptied) live tables").isEmpty();
        assertThat(jdbc.queryForObject("select count(*) from qs_read_freeze", Integer.class)).isZero();
    }
}
