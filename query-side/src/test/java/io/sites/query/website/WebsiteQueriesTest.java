package io.sites.query.website;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.id.AccountId;
import io.sites.api.Category;
import io.sites.api.event.CollaboratorAdded;
import io.sites.api.query.CountOwnedWebsites;
import io.sites.api.query.FindJob;
import io.sites.api.query.FindWebsite;
import io.sites.api.id.JobId;
import io.sites.api.JobStatus;
import io.sites.api.query.ListVersions;
import io.sites.api.query.ListWebsites;
import io.sites.api.site.ManifestEntry;
import io.sites.api.WebsiteRole;
import io.sites.api.VersionKind;
import io.sites.api.event.VersionPublished;
import io.sites.api.query.VersionView;
import io.sites.api.event.WebsiteCreated;
import io.sites.api.event.WebsiteDeleted;
import io.sites.api.id.WebsiteId;
import io.sites.api.query.WebsiteListView;
import io.sites.api.WebsiteStatus;
import io.sites.api.query.WebsiteSummaryView;
import io.sites.api.query.WebsiteView;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.core.JdbcTemplate;

/** The query handlers over a model built by the projection: visibility, roles, order, limits and files. */
class WebsiteQueriesTest {
    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    private final AccountId owner = AccountId.generate();
    private final AccountId editor = AccountId.generate();
    private final AccountId stranger = AccountId.generate();

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void ownerAndEditorSeeTheWebsiteStrangersAndDeletionsNothing(String database) {
        JdbcTemplate jdbc = ReadModelDatabases.fresh(database);
        WebsiteProjection projection = new WebsiteProjection(jdbc);
        ReadTables tables = new ReadTables(jdbc, java.time.Clock.systemUTC());
        WebsiteQueries websites = new WebsiteQueries(jdbc, tables);
        JobQueries jobs = new JobQueries(jdbc, tables);

        WebsiteId older = create(projection, "older", T0);
        WebsiteId shared = create(projection, "shared", T0.plusSeconds(10));
        JobId first = JobId.generate();
        JobId second = JobId.generate();
        projection.on(version(shared, first, 1, true), T0.plusSeconds(11), 1);
        projection.on(version(shared, second, 2, false), T0.plusSeconds(12), 2);
        projection.on(new CollaboratorAdded(shared, editor, owner), T0.plusSeconds(13), 3);
        WebsiteId gone = create(projection, "gone", T0.plusSeconds(20));
        projection.on(new WebsiteDeleted(gone, "gone", owner), T0.plusSeconds(21), 1);

        WebsiteListView mine = websites.handle(new ListWebsites(owner, 50));
        assertThat(mine.items()).extracting(WebsiteSummaryView::slug).containsExactly("shared", "older");
        assertThat(mine.items()).extracting(WebsiteSummaryView::role).containsOnly(WebsiteRole.OWNER);
        assertThat(mine.owned()).isEqualTo(2);
        assertThat(mine.items().getFirst().currentJobId()).isEqualTo(first);
        assertThat(mine.items().getFirst().latestJobStatus()).isEqualTo(JobStatus.READY);
        assertThat(mine.items().get(1).latestJobStatus()).isNull();
        assertThat(websites.handle(new ListWebsites(owner, 1)).items()).hasSize(1);
        assertThat(websites.handle(new CountOwnedWebsites(owner))).isEqualTo(2);

        WebsiteListView edited = websites.handle(new ListWebsites(editor, 50));
        assertThat(edited.items()).extracting(WebsiteSummaryView::slug).containsExactly("shared");
        assertThat(edited.items().getFirst().role()).isEqualTo(WebsiteRole.EDITOR);
        assertThat(edited.items().getFirst().owner()).isEqualTo(owner);
        assertThat(edited.owned()).isZero();
        assertThat(websites.handle(new ListWebsites(stranger, 50)).items()).isEmpty();

        WebsiteView seen = websites.handle(new FindWebsite(editor, shared)).orElseThrow();
        assertThat(seen.role()).isEqualTo(WebsiteRole.EDITOR);
        assertThat(seen.status()).isEqualTo(WebsiteStatus.ACTIVE);
        assertThat(seen.currentJobId()).isEqualTo(first);
        assertThat(seen.versions()).extracting(VersionView::version).containsExactly(2, 1);
        assertThat(seen.versions()).extracting(VersionView::current).containsExactly(false, true);
        assertThat(seen.versions().getFirst().files()).containsExactly(
                new VersionView.VersionFileView("index.html", "text/html", 12),
                new VersionView.VersionFileView("logo.png", "image/png", 300));
        assertThat(websites.handle(new FindWebsite(owner, shared)).orElseThrow().role()).isEqualTo(WebsiteRole.OWNER);
        assertThat(websites.handle(new FindWebsite(stranger, shared))).isEmpty();
        assertThat(websites.handle(new FindWebsite(owner, gone))).as("deleted reads as never existed").isEmpty();

        assertThat(websites.handle(new ListVersions(editor, shared)).orElseThrow().versions()).hasSize(2);
        assertThat(websites.handle(new ListVersions(stranger, shared))).isEmpty();
        assertThat(jobs.handle(new FindJob(editor, second))).isPresent();
        assertThat(jobs.handle(new FindJob(stranger, second))).isEmpty();
    }

    private WebsiteId create(WebsiteProjection projection, String slug, Instant at) {
        WebsiteId id = WebsiteId.generate();
        projection.on(new WebsiteCreated(id, owner, slug, slug, Category.OTHER, null), at, 0);
        return id;
    }

    private VersionPublished version(WebsiteId site, JobId job, int n, boolean promote) {
        return new VersionPublished(site, job, n, n == 1 ? VersionKind.INITIAL : VersionKind.REFINEMENT, null,
                promote, owner, List.of(new ManifestEntry("logo.png", "image/png", 300, "a".repeat(64)),
                        new ManifestEntry("index.html", "text/html", 12, "b".repeat(64))));
    }
}
