package io.sites.query.website;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.id.AccountId;
import io.sites.api.Category;
import io.sites.api.event.CollaboratorAdded;
import io.sites.api.query.DiffVersions;
import io.sites.api.id.JobId;
import io.sites.api.site.ManifestEntry;
import io.sites.api.query.VersionDiffView;
import io.sites.api.query.VersionDiffView.Change;
import io.sites.api.query.VersionDiffView.FileView;
import io.sites.api.VersionKind;
import io.sites.api.event.VersionPublished;
import io.sites.api.event.WebsiteCreated;
import io.sites.api.id.WebsiteId;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.core.JdbcTemplate;

/** The diff of two versions from the manifests the projection stored: each kind of change, order, visibility. */
class VersionDiffsTest {
    private static final Instant T0 = Instant.parse("2026-11-23T10:00:00Z");
    private final AccountId owner = AccountId.generate();
    private final AccountId editor = AccountId.generate();

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void comparesManifestsForOwnersAndEditorsOnly(String database) {
        JdbcTemplate jdbc = ReadModelDatabases.fresh(database);
        WebsiteProjection projection = new WebsiteProjection(jdbc);
        VersionDiffs diffs = new VersionDiffs(jdbc, new ReadTables(jdbc, Clock.systemUTC()));
        WebsiteId site = WebsiteId.generate();
        projection.on(new WebsiteCreated(site, owner, "diff", "diff", Category.OTHER, null), T0, 0);
        projection.on(version(site, 1, List.of(file("index.html", 10, "a"), file("b.css", 5, "b"),
                file("gone.txt", 3, "c"), file("type.txt", 4, "d"))), T0.plusSeconds(1), 1);
        projection.on(version(site, 2, List.of(file("index.html", 11, "e"), file("b.css", 5, "b"),
                file("Z.txt", 1, "f"), file("a.txt", 2, "0"), new ManifestEntry("type.txt", "text/css", 4,
                        "d".repeat(64)))), T0.plusSeconds(2), 2);
        projection.on(new CollaboratorAdded(site, editor, owner), T0.plusSeconds(3), 3);

        VersionDiffView diff = diffs.handle(new DiffVersions(editor, site, 2, 1)).orElseThrow();
        assertThat(diff.added()).extracting(FileView::path).containsExactly("Z.txt", "a.txt");
        assertThat(diff.added().getFirst()).isEqualTo(new FileView("Z.txt", "text/plain", 1, "f".repeat(64)));
        assertThat(diff.removed()).extracting(FileView::path).containsExactly("gone.txt");
        assertThat(diff.changed()).extracting(Change::path).containsExactly("index.html", "type.txt");
        assertThat(diff.changed().getFirst().before().sha256()).isEqualTo("a".repeat(64));
        assertThat(diff.changed().getFirst().after().size()).isEqualTo(11);
        assertThat(diff.unchanged()).isEqualTo(1);

        VersionDiffView back = diffs.handle(new DiffVersions(owner, site, 1, 2)).orElseThrow();
        assertThat(back.added()).extracting(FileView::path).containsExactly("gone.txt");
        assertThat(back.removed()).extracting(FileView::path).containsExactly("Z.txt", "a.txt");

        VersionDiffView same = diffs.handle(new DiffVersions(owner, site, 2, 2)).orElseThrow();
        assertThat(same.added()).isEmpty();
        assertThat(same.removed()).isEmpty();
        assertThat(same.changed()).isEmpty();
        assertThat(same.unchanged()).isEqualTo(5);

        assertThat(diffs.handle(new DiffVersions(owner, site, 3, 1))).isEmpty();
        assertThat(diffs.handle(new DiffVersions(owner, site, 3, 3))).isEmpty();
        assertThat(diffs.handle(new DiffVersions(AccountId.generate(), site, 2, 1))).isEmpty();
        assertThat(diffs.handle(new DiffVersions(owner, WebsiteId.generate(), 2, 1))).isEmpty();
    }

    private static ManifestEntry file(String path, long size, String hashDigit) {
        return new ManifestEntry(path, path.endsWith(".html") ? "text/html" : path.endsWith(".css") ? "text/css"
                : "text/plain", size, hashDigit.repeat(64));
    }

    private VersionPublished version(WebsiteId site, int n, List<ManifestEntry> files) {
        return new VersionPublished(site, JobId.generate(), n, n == 1 ? VersionKind.INITIAL : VersionKind.REFINEMENT,
                null, true, owner, files);
    }
}
