// The owners' stored bytes as the projection keeps them, on both databases, every event delivered twice.
package io.sites.query.website;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.Category;
import io.sites.api.VersionKind;
import io.sites.api.event.DraftClaimed;
import io.sites.api.event.VersionPublished;
import io.sites.api.event.VersionsPruned;
import io.sites.api.event.WebsiteCreated;
import io.sites.api.event.WebsiteDeleted;
import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.JobId;
import io.sites.api.id.WebsiteId;
import io.sites.api.site.ManifestEntry;
import java.time.Instant;
import java.util.List;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.init.ScriptUtils;

/**
 * An owner's stored bytes are the sizes of the distinct blobs its counted versions name: each blob once across
 * versions and websites, freed when the last counted version naming it is pruned or its website deleted, moved with
 * a claimed draft; a redelivered event changes nothing; the migration's backfill and the projection agree.
 */
class OwnerBlobsTest {
    private static final Instant T0 = Instant.parse("2026-11-29T10:00:00Z");
    private static final ManifestEntry SHARED = file("logo.png", 1_000, "a");
    private static final ManifestEntry PAGE_ONE = file("index.html", 100, "b");
    private static final ManifestEntry PAGE_TWO = file("index.html", 200, "c");
    private static final ManifestEntry OTHER = file("index.html", 30, "d");

    private final AccountId owner = AccountId.generate();
    private final AccountId claimer = AccountId.generate();
    private final WebsiteId bakery = WebsiteId.generate();
    private final WebsiteId deli = WebsiteId.generate();

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void eachBlobCountsOnceUntilTheLastCountedVersionNamingItGoes(String database) {
        JdbcTemplate jdbc = ReadModelDatabases.fresh(database);
        WebsiteProjection projection = new WebsiteProjection(jdbc);
        twice(() -> projection.on(created(bakery, owner), T0, 0));
        twice(() -> projection.on(created(deli, owner), T0, 0));

        twice(() -> projection.on(published(bakery, 1, SHARED, PAGE_ONE, file("copy.png", 1_000, "a")),
                T0.plusSeconds(1), 1));
        assertThat(stored(jdbc, owner)).as("one blob named by two paths counts once").isEqualTo(1_100);
        twice(() -> projection.on(published(bakery, 2, SHARED, PAGE_TWO), T0.plusSeconds(2), 2));
        twice(() -> projection.on(published(deli, 1, SHARED, OTHER), T0.plusSeconds(3), 1));
        assertThat(stored(jdbc, owner)).as("shared across versions and websites, once").isEqualTo(1_330);

        twice(() -> projection.on(new VersionsPruned(bakery, List.of(1), owner, Actor.unrecorded(owner)),
                T0.plusSeconds(4)));
        assertThat(stored(jdbc, owner)).as("the pruned version's own page is freed").isEqualTo(1_230);
        assertThat(holds(jdbc, owner, PAGE_ONE)).isFalse();
        assertThat(holds(jdbc, owner, SHARED)).isTrue();

        twice(() -> projection.on(new WebsiteDeleted(bakery, "bakery", owner), T0.plusSeconds(5), 3));
        assertThat(stored(jdbc, owner)).as("the deleted website's blobs, less what the deli still names")
                .isEqualTo(1_030);
        assertThat(holds(jdbc, owner, SHARED)).as("the deli still names it").isTrue();
        twice(() -> projection.on(new VersionsPruned(bakery, List.of(2), owner, Actor.unrecorded(owner)),
                T0.plusSeconds(6)));
        assertThat(stored(jdbc, owner)).as("a deleted website's prune frees nothing twice").isEqualTo(1_030);

        twice(() -> projection.on(new DraftClaimed(deli, owner, claimer, Actor.unrecorded(claimer)), T0.plusSeconds(7), 2));
        assertThat(stored(jdbc, owner)).as("a claimed website takes its blobs along").isZero();
        assertThat(stored(jdbc, claimer)).isEqualTo(1_030);
        assertThat(jdbc.queryForObject("select count(*) from qs_owner_blob where owner_id = ?", Integer.class,
                owner.value())).as("no blob is left to the previous owner").isZero();

        jdbc.execute("drop table qs_owner_blob");
        jdbc.execute("alter table qs_owner_count drop column stored_bytes");
        jdbc.execute((ConnectionCallback<Object>) connection -> {
            ScriptUtils.executeSqlScript(connection,
                    new ClassPathResource("db/migration/V2026_11_29_80__qs_owner_blob.sql"));
            return null;
        });
        assertThat(stored(jdbc, claimer)).as("the migration's backfill finds the same").isEqualTo(1_030);
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void aBatchCountsWhatItsPendingRowsAddEvenAfterAnEarlierChange(String database) {
        JdbcTemplate jdbc = ReadModelDatabases.fresh(database);
        WebsiteProjection projection = new WebsiteProjection(jdbc);
        projection.on(created(bakery, owner), T0, 0);
        projection.on(published(bakery, 1, SHARED), T0.plusSeconds(1), 1);

        DefaultUnitOfWork<?> batch = DefaultUnitOfWork.startAndGet(null);
        // The deletion joins the owners' changes to the batch before the deli's rows are pending.
        projection.on(new WebsiteDeleted(bakery, "bakery", owner), T0.plusSeconds(2), 2);
        projection.on(created(deli, owner), T0.plusSeconds(3), 0);
        projection.on(published(deli, 1, PAGE_ONE), T0.plusSeconds(4), 1);
        assertThat(stored(jdbc, owner)).as("nothing before the batch commits").isEqualTo(1_000);
        batch.commit();

        assertThat(stored(jdbc, owner)).isEqualTo(100);
        assertThat(jdbc.queryForObject("select live from qs_owner_count where owner_id = ?", Integer.class,
                owner.value())).as("the website the batch created is counted too").isEqualTo(1);
    }

    private static WebsiteCreated created(WebsiteId website, AccountId account) {
        return new WebsiteCreated(website, account, "Site", website.value().substring(0, 10), Category.OTHER, null);
    }

    private VersionPublished published(WebsiteId website, int version, ManifestEntry... files) {
        return new VersionPublished(website, JobId.generate(), version,
                version == 1 ? VersionKind.INITIAL : VersionKind.REFINEMENT, null, true, owner, List.of(files));
    }

    private static ManifestEntry file(String path, long size, String digit) {
        return new ManifestEntry(path, "text/plain", size, digit.repeat(64));
    }

    private static long stored(JdbcTemplate jdbc, AccountId account) {
        return jdbc.query("select stored_bytes from qs_owner_count where owner_id = ?",
                rs -> rs.next() ? rs.getLong(1) : 0L, account.value());
    }

    private static boolean holds(JdbcTemplate jdbc, AccountId account, ManifestEntry file) {
        return jdbc.queryForObject("select count(*) from qs_owner_blob where owner_id = ? and sha256 = ?",
                Integer.class, account.value(), file.sha256()) == 1;
    }

    private static void twice(Runnable delivery) {
        delivery.run();
        delivery.run();
    }
}
