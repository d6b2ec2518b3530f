package io.sites.app.usecases;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.id.WebsiteId;
import io.sites.api.site.ManifestEntry;
import io.sites.app.Http;
import io.sites.app.PostgresAppTest;
import io.sites.site.directory.ColdManifests;
import io.sites.site.directory.SiteDirectory;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A site replica keeps only numbers per stored version and reads a manifest it does not hold from the event store
 * (the publishing event, by website and sequence number): a site whose manifests left the cache still serves its
 * live version and its previews, the right files, on PostgreSQL and on the embedded default (H2).
 */
public interface ColdManifestContract {
    Http http();

    <T> T bean(Class<T> type);

    @Test
    default void aVersionWhoseManifestLeftTheCacheIsReadFromTheEventStoreAndServed() throws Exception {
        String slug = unique("cold");
        Http.Response created = http().post("/v1/websites", PostgresAppTest.ALICE, site(slug, "Cold",
                file("index.html", "<p>first</p>"), file("about.html", "<p>about one</p>")));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        String websiteId = created.json().get("websiteId").asString();
        assertThat(http().post("/v1/websites/" + websiteId + "/versions", PostgresAppTest.ALICE, version(true, "second",
                file("index.html", "<p>second</p>"))).status()).isEqualTo(201);
        SiteDirectory directory = bean(SiteDirectory.class);
        assertThat(http().site(slug, "/").text()).contains("second");

        // The store's own read, as the replica makes it: the event at that sequence number, and nothing else there.
        SiteDirectory.PublishedManifests manifests = bean(SiteDirectory.PublishedManifests.class);
        List<ManifestEntry> second = manifests.read(new WebsiteId(websiteId), 2).orElseThrow();
        assertThat(second).extracting(ManifestEntry::path).containsExactly("index.html");
        assertThat(manifests.read(new WebsiteId(websiteId), 0)).as("WebsiteCreated holds no manifest").isEmpty();
        assertThat(manifests.read(new WebsiteId(websiteId), 99)).as("no event there").isEmpty();

        assertThat(ColdManifests.forget(directory, slug)).isEqualTo(2);
        long loadsBefore = ColdManifests.loads(directory);
        Http.Response live = http().site(slug, "/");
        assertThat(live.status()).isEqualTo(200);
        assertThat(live.text()).contains("second");
        assertThat(http().site(slug, "/about.html").status()).as("version 2 has no about page").isEqualTo(404);
        assertThat(ColdManifests.loads(directory)).as("read from the store once, then held")
                .isEqualTo(loadsBefore + 1);
        assertThat(directory.find(slug).orElseThrow().stored(1).orElseThrow().files())
                .containsOnlyKeys("index.html", "about.html");
    }
}
