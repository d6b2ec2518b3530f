package io.sites.site.directory;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.site.ManifestEntry;
import io.sites.api.id.WebsiteId;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.axonframework.eventhandling.GlobalSequenceTrackingToken;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.serialization.jackson3.Jackson3Serializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A snapshot reads back whatever the event store holds, including paths that are not valid Unicode. */
class SiteDirectorySnapshotsTest {
    private static final WebsiteId SHOP = new WebsiteId("web_shop");
    private static final String LONE_SURROGATE = "\udc00.css";

    @TempDir
    Path dir;

    @Test
    void aPathWithALoneSurrogateRoundTrips() throws Exception {
        Path file = dir.resolve("replica.json");
        SiteDirectory written = new SiteDirectory();
        SiteDirectorySnapshots snapshots = new SiteDirectorySnapshots(written, file, 3_600_000);
        snapshots.tokenStore(Jackson3Serializer.builder().build());
        written.created(SHOP, "shop");
        written.promoted(SHOP, 1, List.of(entry("index.html"), entry(LONE_SURROGATE), entry("café/ünï.html")));
        snapshots.handled(new GlobalSequenceTrackingToken(7));
        snapshots.write();
        snapshots.close();
        assertThat(Files.readString(file)).as("escaped, since a lone surrogate has no UTF-8 form").isASCII();

        SiteDirectory read = new SiteDirectory();
        var store = new SiteDirectorySnapshots(read, file, 3_600_000)
                .tokenStore(Jackson3Serializer.builder().build());
        store.initializeTokenSegments("site-directory", 1, null);
        TrackingToken token = store.fetchToken("site-directory", 0);
        assertThat(token).isEqualTo(new GlobalSequenceTrackingToken(7));
        SiteDirectory.Site site = read.find("shop").orElseThrow();
        assertThat(site.file(LONE_SURROGATE)).isPresent();
        assertThat(site.file("café/ünï.html")).isPresent();
        assertThat(site).isEqualTo(written.find("shop").orElseThrow());
    }

    @Test
    void aRolledBackSiteRoundTripsWithItsOlderVersionLive() throws Exception {
        Path file = dir.resolve("rolled-back.json");
        SiteDirectory written = new SiteDirectory();
        SiteDirectorySnapshots snapshots = new SiteDirectorySnapshots(written, file, 3_600_000);
        snapshots.tokenStore(Jackson3Serializer.builder().build());
        written.created(SHOP, "shop");
        written.promoted(SHOP, 1, List.of(entry("index.html")));
        written.promoted(SHOP, 2, List.of(entry("index.html"), entry("new.css")));
        written.live(SHOP, 1);
        snapshots.handled(new GlobalSequenceTrackingToken(9));
        snapshots.write();
        snapshots.close();

        SiteDirectory read = new SiteDirectory();
        new SiteDirectorySnapshots(read, file, 3_600_000).tokenStore(Jackson3Serializer.builder().build());
        SiteDirectory.Site site = read.find("shop").orElseThrow();
        assertThat(site.version()).isEqualTo(1);
        assertThat(site.stored(2)).isPresent();
        assertThat(site).isEqualTo(written.find("shop").orElseThrow());
    }

    private static ManifestEntry entry(String path) {
        return new ManifestEntry(path, "text/css", 3, "a".repeat(64));
    }
}
