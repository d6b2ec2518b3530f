package io.sites.site.directory;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.event.VersionsPruned;
import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import io.sites.api.site.ManifestEntry;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Retention in the directory: pruned versions' manifests go, and the site tells pruned from never-existed. */
class SiteDirectoryPruningTest {
    private static final WebsiteId SHOP = new WebsiteId("web_shop");
    private static final AccountId OWNER = new AccountId("acc_owner");
    private static final List<ManifestEntry> FILES = List.of(
            new ManifestEntry("index.html", "text/html; charset=utf-8", 1, "a".repeat(64)));

    @Test
    void aPrunedVersionLeavesTheDirectoryAndIsToldApartFromOneThatNeverExisted() {
        SiteDirectory directory = new SiteDirectory();
        directory.created(SHOP, "shop");
        for (int version = 1; version <= 4; version++) {
            directory.published(SHOP, version, version == 2, Instant.EPOCH, FILES);
        }
        SiteDirectoryProjection projection = new SiteDirectoryProjection(directory, null, null, null);
        assertThat(projection.apply(new VersionsPruned(SHOP, List.of(1, 3), OWNER, Actor.unrecorded(OWNER)),
                Instant.EPOCH, 5)).isTrue();

        SiteDirectory.Site site = directory.find("shop").orElseThrow();
        assertThat(site.versions().keySet()).containsExactlyInAnyOrder(2, 4);
        assertThat(site.version()).as("the live one stays live").isEqualTo(2);
        assertThat(site.pruned(1)).isTrue();
        assertThat(site.pruned(3)).isTrue();
        assertThat(site.pruned(2)).as("stored").isFalse();
        assertThat(site.pruned(5)).as("never published").isFalse();
        assertThat(site.pruned(0)).isFalse();
    }
}
