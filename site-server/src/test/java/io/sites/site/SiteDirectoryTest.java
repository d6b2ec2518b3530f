package io.sites.site;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.ManifestEntry;
import io.sites.api.WebsiteId;
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
}
