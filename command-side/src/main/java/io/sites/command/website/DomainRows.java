package io.sites.command.website;

import io.sites.api.DomainStatus;
import io.sites.api.id.AccountId;
import io.sites.api.id.WebsiteId;
import io.sites.api.query.DomainView;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The domains as the Website aggregate last decided them, one row each, written by {@link DomainCommandHandler} in
 * the command's transaction: lists read what was just decided, and the periodic check finds the served domains.
 */
@Component
public class DomainRows {
    private final JdbcTemplate jdbc;
    private final Clock clock;

    DomainRows(JdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** A served domain to check again. */
    public record Served(WebsiteId websiteId, String hostname, String token) {
    }

    void save(WebsiteId websiteId, AccountId owner, String hostname, WebsiteDomains.Domain domain, Instant checkedAt) {
        Timestamp checked = checkedAt == null ? null : Timestamp.from(checkedAt);
        int updated = jdbc.update("update website_domain set status = ?, reason = ?, checked_at = coalesce(?, checked_at),"
                + " apex_chosen = ? where website_id = ? and hostname = ?", domain.status.wire(), domain.reason,
                checked, domain.apexChosen, websiteId.value(), hostname);
        if (updated == 0) {
            jdbc.update("insert into website_domain (website_id, hostname, owner_id, token, status, reason, checked_at,"
                    + " added_at, apex_chosen) values (?, ?, ?, ?, ?, ?, ?, ?, ?)", websiteId.value(), hostname,
                    owner.value(), domain.token, domain.status.wire(), domain.reason, checked,
                    Timestamp.from(clock.instant()), domain.apexChosen);
        }
    }

    void delete(WebsiteId websiteId, String hostname) {
        jdbc.update("delete from website_domain where website_id = ? and hostname = ?", websiteId.value(), hostname);
    }

    /** Forgets every domain of a website that no longer exists. */
    public void deleteAll(WebsiteId websiteId) {
        jdbc.update("delete from website_domain where website_id = ?", websiteId.value());
    }

    /** A website's domains in the order they were added; visibility is the caller's to check. */
    public List<DomainView> list(WebsiteId websiteId) {
        return jdbc.query("select hostname, status, token, reason, checked_at from website_domain where website_id = ?"
                + " order by added_at, hostname", (rs, row) -> new DomainView(rs.getString(1),
                        DomainStatus.fromWire(rs.getString(2)), rs.getString(3), rs.getString(4),
                        rs.getTimestamp(5) == null ? null : rs.getTimestamp(5).toInstant()), websiteId.value());
    }

    /** The website's apexes whose owner chose them over their www name (issue 34, apex and www). */
    public java.util.Set<String> chosenApexes(WebsiteId websiteId) {
        return java.util.Set.copyOf(jdbc.queryForList("select hostname from website_domain where website_id = ?"
                + " and apex_chosen", String.class, websiteId.value()));
    }

    public int countOwnedBy(AccountId owner) {
        Integer count = jdbc.queryForObject("select count(*) from website_domain where owner_id = ?", Integer.class,
                owner.value());
        return count == null ? 0 : count;
    }

    /** Every domain served now (verified or active), for the periodic check. */
    public List<Served> served() {
        return jdbc.query("select website_id, hostname, token from website_domain where status in ('verified', 'active')"
                + " order by website_id, hostname", (rs, row) -> new Served(new WebsiteId(rs.getString(1)),
                        rs.getString(2), rs.getString(3)));
    }
}
