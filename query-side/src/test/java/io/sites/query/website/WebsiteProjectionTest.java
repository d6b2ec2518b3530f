package io.sites.query.website;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.id.AccountId;
import io.sites.api.Category;
import io.sites.api.event.CollaboratorAdded;
import io.sites.api.event.CollaboratorRemoved;
import io.sites.api.id.JobId;
import io.sites.api.site.ManifestEntry;
import io.sites.api.event.SitePasswordCleared;
import io.sites.api.event.SitePasswordSet;
import io.sites.api.VersionKind;
import io.sites.api.event.VersionPromoted;
import io.sites.api.event.VersionPublished;
import io.sites.api.event.WebsiteCreated;
import io.sites.api.event.WebsiteDeleted;
import io.sites.api.id.WebsiteId;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.core.JdbcTemplate;

/** Every event against a real database, each delivered twice: the second delivery must change nothing. */
class WebsiteProjectionTest {
    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    private final AccountId owner = AccountId.generate();
    private final AccountId editor = AccountId.generate();
    private final WebsiteId site = WebsiteId.generate();
    private final JobId first = JobId.generate();
    private final JobId second = JobId.generate();
    private final JobId third = JobId.generate();

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void everyEventIsProjectedAndRedeliveryChangesNothing(String database) {
        JdbcTemplate jdbc = ReadModelDatabases.fresh(database);
        WebsiteProjection projection = new WebsiteProjection(jdbc);

        twice(() -> projection.on(new WebsiteCreated(site, owner, "Bakery", "bakery", Category.RESTAURANT, "Bread"),
                T0, 0));
        Map<String, Object> created = website(jdbc);
        assertThat(created).containsEntry("status", "draft").containsEntry("owner_id", owner.value())
                .containsEntry("name", "Bakery").containsEntry("slug", "bakery").containsEntry("category", "restaurant")
                .containsEntry("description", "Bread").containsEntry("password_protected", false);
        assertThat(created.get("current_job_id")).isNull();
        assertThat(live(jdbc, owner)).as("the owner's live count, once for a redelivered creation").isEqualTo(1);

        twice(() -> projection.on(published(first, 1, VersionKind.INITIAL, null, true,
                new ManifestEntry("index.html", "text/html", 10, "a".repeat(64)),
                new ManifestEntry("style.css", "text/css", 5, "b".repeat(64))), T0.plusSeconds(1), 1));
        assertThat(website(jdbc)).containsEntry("status", "active").containsEntry("current_job_id", first.value())
                .containsEntry("current_version", 1);
        assertThat(files(jdbc, first)).containsExactly(
                Map.of("path", "index.html", "content_type", "text/html", "size", 10L),
                Map.of("path", "style.css", "content_type", "text/css", "size", 5L));
        assertThat(jdbc.queryForObject("select total_bytes from qs_version where job_id = ?", Long.class,
                first.value())).isEqualTo(15L);

        twice(() -> projection.on(published(second, 2, VersionKind.REFINEMENT, "menu", true,
                new ManifestEntry("index.html", "text/html", 7, "c".repeat(64))), T0.plusSeconds(2), 2));
        twice(() -> projection.on(published(third, 3, VersionKind.REFINEMENT, "draft", false,
                new ManifestEntry("index.html", "text/html", 8, "d".repeat(64))), T0.plusSeconds(3), 3));
        assertThat(website(jdbc)).as("promote false keeps the live version")
                .containsEntry("current_job_id", second.value()).containsEntry("current_version", 2);
        assertThat(jdbc.queryForList("select version from qs_version where website_id = ? order by version",
                Integer.class, site.value())).containsExactly(1, 2, 3);
        assertThat(jdbc.queryForObject("select message from qs_version where job_id = ?", String.class,
                third.value())).isEqualTo("draft");
        // A late redelivery of an older promoted version must not move the live version back.
        projection.on(published(first, 1, VersionKind.INITIAL, null, true,
                new ManifestEntry("index.html", "text/html", 10, "a".repeat(64))), T0.plusSeconds(1), 1);
        assertThat(website(jdbc)).containsEntry("current_job_id", second.value());
        assertThat(files(jdbc, first)).hasSize(2);

        twice(() -> projection.on(new CollaboratorAdded(site, editor, owner), T0.plusSeconds(4), 4));
        assertThat(collaborators(jdbc)).containsExactly(editor.value());
        twice(() -> projection.on(new CollaboratorRemoved(site, editor, owner), T0.plusSeconds(5), 5));
        assertThat(collaborators(jdbc)).isEmpty();

        twice(() -> projection.on(new SitePasswordSet(site, "$argon2id$hash", owner), T0.plusSeconds(6), 6));
        assertThat(website(jdbc)).containsEntry("password_protected", true);
        twice(() -> projection.on(new SitePasswordCleared(site, owner), T0.plusSeconds(7), 7));
        assertThat(website(jdbc)).containsEntry("password_protected", false);
        // Earlier events delivered again after later ones (a rebuild replayed over one that stopped half-way).
        projection.on(new SitePasswordSet(site, "$argon2id$hash", owner), T0.plusSeconds(6), 6);
        projection.on(new CollaboratorAdded(site, editor, owner), T0.plusSeconds(4), 4);
        projection.on(published(third, 3, VersionKind.REFINEMENT, "draft", false,
                new ManifestEntry("index.html", "text/html", 8, "d".repeat(64))), T0.plusSeconds(3), 3);
        assertThat(website(jdbc)).as("an older event changes nothing").containsEntry("password_protected", false)
                .containsEntry("current_version", 2).containsEntry("updated_sequence", 7L);
        assertThat(((java.sql.Timestamp) website(jdbc).get("updated_at")).toInstant()).isEqualTo(T0.plusSeconds(7));
        assertThat(collaborators(jdbc)).isEmpty();

        twice(() -> projection.on(new WebsiteDeleted(site, "bakery", owner), T0.plusSeconds(8), 8));
        Map<String, Object> deleted = website(jdbc);
        assertThat(deleted).containsEntry("status", "deleted");
        assertThat(((java.sql.Timestamp) deleted.get("deleted_at")).toInstant()).isEqualTo(T0.plusSeconds(8));
        assertThat(((java.sql.Timestamp) deleted.get("updated_at")).toInstant()).isEqualTo(T0.plusSeconds(8));
        assertThat(live(jdbc, owner)).as("a redelivered deletion counts once").isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void aBatchWritesItsCountsAtCommitAndARolledBackBatchNone(String database) {
        JdbcTemplate jdbc = ReadModelDatabases.fresh(database);
        WebsiteProjection projection = new WebsiteProjection(jdbc);
        AccountId other = AccountId.generate();

        DefaultUnitOfWork<?> batch = DefaultUnitOfWork.startAndGet(null);
        projection.on(new WebsiteCreated(site, owner, "Bakery", "bakery", Category.RESTAURANT, null), T0, 0);
        projection.on(new WebsiteCreated(WebsiteId.generate(), other, "Deli", "deli", Category.RESTAURANT, null), T0,
                0);
        projection.on(new WebsiteCreated(WebsiteId.generate(), owner, "Cafe", "cafe", Category.RESTAURANT, null), T0,
                0);
        assertThat(live(jdbc, owner)).as("nothing before the batch commits").isZero();
        batch.commit();
        assertThat(live(jdbc, owner)).isEqualTo(2);
        assertThat(live(jdbc, other)).isEqualTo(1);

        DefaultUnitOfWork<?> failed = DefaultUnitOfWork.startAndGet(null);
        projection.on(new WebsiteDeleted(site, "bakery", owner), T0.plusSeconds(1), 1);
        failed.rollback();
        assertThat(live(jdbc, owner)).as("a rolled back batch changes no count").isEqualTo(2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void theLastPromotingEventWinsWhicheverVersionItNames(String database) {
        JdbcTemplate jdbc = ReadModelDatabases.fresh(database);
        WebsiteProjection projection = new WebsiteProjection(jdbc);
        ManifestEntry index = new ManifestEntry("index.html", "text/html", 10, "a".repeat(64));
        projection.on(new WebsiteCreated(site, owner, "Bakery", "bakery", Category.RESTAURANT, null), T0, 0);
        projection.on(published(first, 1, VersionKind.INITIAL, null, true, index), T0.plusSeconds(1), 1);
        projection.on(published(second, 2, VersionKind.REFINEMENT, null, true, index), T0.plusSeconds(2), 2);
        projection.on(published(third, 3, VersionKind.REFINEMENT, null, false, index), T0.plusSeconds(3), 3);

        twice(() -> projection.on(new VersionPromoted(site, 1, 2, editor), T0.plusSeconds(4), 4));
        assertThat(website(jdbc)).as("a rollback to an older version").containsEntry("current_job_id", first.value())
                .containsEntry("current_version", 1).containsEntry("status", "active");
        assertThat(((java.sql.Timestamp) website(jdbc).get("updated_at")).toInstant()).isEqualTo(T0.plusSeconds(4));
        projection.on(published(second, 2, VersionKind.REFINEMENT, null, true, index), T0.plusSeconds(2), 2);
        assertThat(website(jdbc)).as("a redelivered earlier event does not undo the rollback")
                .containsEntry("current_version", 1);

        twice(() -> projection.on(new VersionPromoted(site, 3, 1, owner), T0.plusSeconds(5), 5));
        assertThat(website(jdbc)).as("a stored version promoted").containsEntry("current_job_id", third.value())
                .containsEntry("current_version", 3);
        projection.on(new VersionPromoted(site, 1, 2, editor), T0.plusSeconds(4), 4);
        assertThat(website(jdbc)).containsEntry("current_version", 3);
    }

    private VersionPublished published(JobId job, int version, VersionKind kind, String message, boolean promote,
            ManifestEntry... files) {
        return new VersionPublished(site, job, version, kind, message, promote, owner, List.of(files));
    }

    private static int live(JdbcTemplate jdbc, AccountId account) {
        return jdbc.query("select live from qs_owner_count where owner_id = ?", rs -> rs.next() ? rs.getInt(1) : 0,
                account.value());
    }

    private Map<String, Object> website(JdbcTemplate jdbc) {
        return jdbc.queryForMap("select * from qs_website where id = ?", site.value());
    }

    private static List<Map<String, Object>> files(JdbcTemplate jdbc, JobId job) {
        return jdbc.queryForList("select path, content_type, size from qs_version_file where job_id = ? order by path",
                job.value());
    }

    private List<String> collaborators(JdbcTemplate jdbc) {
        return jdbc.queryForList("select account_id from qs_collaborator where website_id = ?", String.class,
                site.value());
    }

    private static void twice(Runnable delivery) {
        delivery.run();
        delivery.run();
    }
}
