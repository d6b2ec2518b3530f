package io.sites.site.directory;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.site.ManifestEntry;
import io.sites.api.id.WebsiteId;
import java.util.List;
import org.junit.jupiter.api.Test;

class SiteDirectoryTest {
    private static final WebsiteId SHOP = new WebsiteId("web_shop");

    private static ManifestEntry file(String path, char hash) {
        return new ManifestEntry(path, "text/html; charset=utf-8", 1, String.valueOf(hash).repeat(64));
    }

    @Test
    void aPromotedVersionReplacesTheWholeFileSetAtOnce() {
        SiteDirectory directory = new SiteDirectory();
        directory.created(SHOP, "shop");
        assertThat(directory.find("shop").orElseThrow().current()).as("no version is live yet").isNull();

        directory.promoted(SHOP, 1, List.of(file("index.html", 'a'), file("old.html", 'b')));
        SiteDirectory.Site first = directory.find("shop").orElseThrow();
        directory.promoted(SHOP, 2, List.of(file("index.html", 'c')));
        SiteDirectory.Site second = directory.find("shop").orElseThrow();

        assertThat(first.version()).isEqualTo(1);
        assertThat(first.file("old.html")).as("a request that began before the switch keeps its version").isPresent();
        assertThat(second.version()).isEqualTo(2);
        assertThat(second.file("old.html")).isEmpty();
        assertThat(second.file("index.html").orElseThrow().sha256()).startsWith("c");
    }

    @Test
    void theLastPromotionWinsWhetherItNamesAnOlderOrANewerVersion() {
        SiteDirectory directory = new SiteDirectory();
        directory.created(SHOP, "shop");
        directory.promoted(SHOP, 1, List.of(file("index.html", 'a')));
        directory.promoted(SHOP, 2, List.of(file("index.html", 'b')));
        directory.published(SHOP, 3, false, java.time.Instant.EPOCH, List.of(file("index.html", 'c')));

        directory.live(SHOP, 1);
        directory.live(SHOP, 1);
        assertThat(directory.find("shop").orElseThrow().version()).as("a rollback, applied twice").isEqualTo(1);
        assertThat(directory.find("shop").orElseThrow().file("index.html").orElseThrow().sha256()).startsWith("a");
        directory.live(SHOP, 3);
        assertThat(directory.find("shop").orElseThrow().version()).as("a stored version promoted").isEqualTo(3);
        directory.live(SHOP, 9);
        assertThat(directory.find("shop").orElseThrow().version()).as("a version never stored").isEqualTo(3);
        assertThat(directory.find("shop").orElseThrow().stored(2)).as("every version stays a preview").isPresent();
    }
}
