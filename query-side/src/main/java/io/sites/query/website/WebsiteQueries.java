package io.sites.query.website;

import static io.sites.query.website.StoredValues.DELETED;
import static io.sites.query.website.StoredValues.EDITOR;
import static io.sites.query.website.StoredValues.OWNER;

import io.sites.api.id.AccountId;
import io.sites.api.query.CollaboratorsView;
import io.sites.api.query.CountOwnedWebsites;
import io.sites.api.query.FindExpiredWebsites;
import io.sites.api.query.FindExpiringWebsites;
import io.sites.api.query.FindWebsite;
import io.sites.api.id.JobId;
import io.sites.api.JobStatus;
import io.sites.api.query.ListCollaborators;
import io.sites.api.query.ListVersions;
import io.sites.api.query.ListWebsites;
import io.sites.api.WebsiteRole;
import io.sites.api.VersionKind;
import io.sites.api.query.VersionListView;
import io.sites.api.query.VersionView;
import io.sites.api.query.VersionView.VersionFileView;
import io.sites.api.id.WebsiteId;
import io.sites.api.query.WebsiteListView;
import io.sites.api.WebsiteStatus;
import io.sites.api.query.WebsiteSummaryView;
import io.sites.api.query.WebsiteView;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The website reads. Visibility lives in every statement: the owner and editors see a website until it is
 * deleted; anybody else gets the same empty answer as for an id that never existed.
 */
@Component
class WebsiteQueries {
    /** The caller's relationship to website w, or no row at all when there is none. */
    static final String VISIBLE = """
            (w.owner_id = ? or exists (select 1 from qs_collaborator c where c.website_id = w.id and c.account_id = ?))
            and w.status <> """ + DELETED;

    private final JdbcTemplate jdbc;
    private final ReadTables tables;
    private final OwnerCounts owners;

    WebsiteQueries(JdbcTemplate jdbc, ReadTables tables) {
        this.tables = tables;
        this.jdbc = jdbc;
        this.owners = new OwnerCounts(jdbc);
    }

    @QueryHandler
    WebsiteListView handle(ListWebsites query) {
        String caller = query.caller().value();
        // A slug names one website among the caller's, whatever its age (the command line's lookup by slug).
        String bySlug = query.slug() == null ? "" : " and w.slug = ?";
        List<Object> arguments = new ArrayList<>(List.of(caller));
        if (query.slug() != null) {
            arguments.add(query.slug());
        }
        arguments.addAll(List.of(query.limit(), caller, caller));
        if (query.slug() != null) {
            arguments.add(query.slug());
        }
        arguments.addAll(List.of(query.limit(), query.limit()));
        // Two index probes (owned, edited) rather than one OR, each cut to a page on its own so that an account with
        // thousands of websites reads one page of qs_website_owner_recent instead of sorting them all, and the latest
        // job status only for the page's rows, all in one round trip.
        List<WebsiteSummaryView> items = jdbc.query(tables.sql("""
                select page.*, (select v.status from qs_version v where v.website_id = page.id
                                order by v.version desc limit 1) as latest_job_status
                from (
                    select * from (
                        (select w.*, %s as role from qs_website w where w.owner_id = ? and w.status <> %s%s
                         order by w.updated_at desc, w.id limit ?)
                        union all
                        (select w.*, %s as role from qs_website w join qs_collaborator c on c.website_id = w.id
                         where c.account_id = ? and w.owner_id <> ? and w.status <> %s%s
                         order by w.updated_at desc, w.id limit ?)
                    ) w order by w.updated_at desc, w.id limit ?
                ) page order by page.updated_at desc, page.id""".formatted(OWNER, DELETED, bySlug, EDITOR, DELETED,
                        bySlug)),
                (rs, row) -> new WebsiteSummaryView(new WebsiteId(rs.getString("id")),
                        new AccountId(rs.getString("owner_id")), rs.getString("name"), rs.getString("slug"),
                        WebsiteStatus.fromWire(rs.getString("status")), WebsiteRole.fromWire(rs.getString("role")),
                        jobId(rs.getString("current_job_id")), JobStatus.fromWire(rs.getString("latest_job_status")),
                        instant(rs.getTimestamp("updated_at"))),
                arguments.toArray());
        return new WebsiteListView(items, owned(query.caller()));
    }

    @QueryHandler
    Integer handle(CountOwnedWebsites query) {
        return owned(query.owner());
    }

    @QueryHandler
    Optional<WebsiteView> handle(FindWebsite query) {
        String caller = query.caller().value();
        List<WebsiteView> found = jdbc.query(tables.sql("select w.* from qs_website w where w.id = ? and " + VISIBLE),
                (rs, row) -> new WebsiteView(new WebsiteId(rs.getString("id")),
                        new AccountId(rs.getString("owner_id")), rs.getString("name"), rs.getString("slug"),
                        rs.getString("category"), rs.getString("description"),
                        WebsiteStatus.fromWire(rs.getString("status")),
                        caller.equals(rs.getString("owner_id")) ? WebsiteRole.OWNER : WebsiteRole.EDITOR,
                        rs.getBoolean("password_protected"), jobId(rs.getString("current_job_id")),
                        instant(rs.getTimestamp("created_at")), instant(rs.getTimestamp("updated_at")),
                        versions(rs.getString("id"), rs.getString("current_job_id")),
                        (Integer) rs.getObject("retain_versions"), instant(rs.getTimestamp("expires_at"))),
                query.websiteId().value(), caller, caller);
        return found.stream().findFirst();
    }

    /** The expiry sweep's question: due websites, soonest first (the aggregate decides on each). */
    @QueryHandler
    List<WebsiteId> handle(FindExpiredWebsites query) {
        return jdbc.query(tables.sql("select id from qs_website where expires_at <= ? and status <> " + DELETED
                + " order by expires_at, id limit ?"), (rs, row) -> new WebsiteId(rs.getString("id")),
                Timestamp.from(query.now()), query.limit());
    }

    /** The expiry sweep's other question: websites to warn, soonest first (the aggregate decides on each). */
    @QueryHandler
    List<WebsiteId> handle(FindExpiringWebsites query) {
        return jdbc.query(tables.sql("select id from qs_website where expires_at > ? and expires_at <= ? and status <> "
                + DELETED + " and (expiry_warned is null or expiry_warned <> expires_at) order by expires_at, id limit ?"),
                (rs, row) -> new WebsiteId(rs.getString("id")), Timestamp.from(query.now()),
                Timestamp.from(query.until()), query.limit());
    }

    @QueryHandler
    Optional<VersionListView> handle(ListVersions query) {
        String caller = query.caller().value();
        List<VersionListView> found = jdbc.query(tables.sql(
                "select w.id, w.slug, w.current_job_id from qs_website w where w.id = ? and " + VISIBLE),
                (rs, row) -> new VersionListView(rs.getString("slug"),
                        versions(rs.getString("id"), rs.getString("current_job_id"))),
                query.websiteId().value(), caller, caller);
        return found.stream().findFirst();
    }

    @QueryHandler
    Optional<CollaboratorsView> handle(ListCollaborators query) {
        if (!isVisible(jdbc, tables, query.caller(), query.websiteId())) {
            return Optional.empty();
        }
        return Optional.of(new CollaboratorsView(jdbc.query(tables.sql("""
                select account_id, added_at from qs_collaborator where website_id = ? order by added_at, account_id"""),
                (rs, row) -> new CollaboratorsView.Editor(new AccountId(rs.getString("account_id")),
                        instant(rs.getTimestamp("added_at"))),
                query.websiteId().value())));
    }

    /** Whether the caller owns or edits the website and it is not deleted: the visibility of every read. */
    static boolean isVisible(JdbcTemplate jdbc, ReadTables tables, AccountId caller, WebsiteId websiteId) {
        Integer visible = jdbc.queryForObject(tables.sql("select count(*) from qs_website w where w.id = ? and "
                + VISIBLE), Integer.class, websiteId.value(), caller.value(), caller.value());
        return visible != null && visible > 0;
    }

    private int owned(AccountId owner) {
        return owners.live(owner.value(), tables);
    }

    /** Newest first, each with its files, in two statements whatever the number of versions. */
    private List<VersionView> versions(String websiteId, String currentJobId) {
        Map<String, List<VersionFileView>> files = new HashMap<>();
        jdbc.query(tables.sql("""
                select f.job_id, f.path, f.content_type, f.size from qs_version_file f
                join qs_version v on v.job_id = f.job_id where v.website_id = ? and v.pruned_at is null
                order by f.job_id, f.path"""),
                (ResultSet rs) -> {
                    files.computeIfAbsent(rs.getString("job_id"), job -> new ArrayList<>()).add(
                            new VersionFileView(rs.getString("path"), rs.getString("content_type"),
                                    rs.getLong("size")));
                }, websiteId);
        return jdbc.query(tables.sql("""
                select job_id, version, kind, status, message, total_bytes, created_at from qs_version
                where website_id = ? and pruned_at is null order by version desc"""),
                (rs, row) -> new VersionView(new JobId(rs.getString("job_id")), rs.getInt("version"),
                        VersionKind.fromWire(rs.getString("kind")), JobStatus.fromWire(rs.getString("status")),
                        rs.getString("message"),
                        rs.getString("job_id").equals(currentJobId), rs.getLong("total_bytes"),
                        instant(rs.getTimestamp("created_at")),
                        files.getOrDefault(rs.getString("job_id"), List.of())),
                websiteId);
    }

    private static JobId jobId(String value) {
        return value == null ? null : new JobId(value);
    }

    private static Instant instant(Timestamp at) throws SQLException {
        return at == null ? null : at.toInstant();
    }
}
