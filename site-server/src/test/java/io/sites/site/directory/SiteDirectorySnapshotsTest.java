package io.sites.site.directory;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.blob.SnapshotStore;
import io.sites.blob.FileSystemBlobStore;
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

/**
 * A snapshot reads back whatever the event store holds (paths that are not valid Unicode too), any replica starts from
 * the newest sound one, a corrupt or partial one is skipped, and only the newest few are kept.
 */
class SiteDirectorySnapshotsTest {
    private static final WebsiteId SHOP = new WebsiteId("web_shop");
    private static final String LONE_SURROGATE = "\udc00.css";

    /** The written directory's manifests stand for the event store's, which a snapshot no longer holds. */
    static SiteDirectory.PublishedManifests asTheEventStore(SiteDirectory written) {
        return (websiteId, sequence) -> written.manifests().files(websiteId, sequence)
                .map(files -> List.copyOf(files.values()));
    }

    @TempDir
    Path dir;

    @Test
    void aPathWithALoneSurrogateRoundTrips() throws Exception {
        SnapshotStore file = new FileSystemBlobStore(dir.resolve("replica")).snapshots();
        SiteDirectory written = new SiteDirectory();
        SiteDirectorySnapshots snapshots = new SiteDirectorySnapshots(written, file, "replica", 3_600_000);
        snapshots.tokenStore(Jackson3Serializer.builder().build());
        written.created(SHOP, "shop");
        written.promoted(SHOP, 1, List.of(entry("index.html"), entry(LONE_SURROGATE), entry("café/ünï.html")));
        snapshots.handled(new GlobalSequenceTrackingToken(7));
        snapshots.write();
        snapshots.close();

        SiteDirectory read = new SiteDirectory(asTheEventStore(written), 1 << 20);
        var store = new SiteDirectorySnapshots(read, file, "replica", 3_600_000)
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
        SnapshotStore file = new FileSystemBlobStore(dir.resolve("rolled-back")).snapshots();
        SiteDirectory written = new SiteDirectory();
        SiteDirectorySnapshots snapshots = new SiteDirectorySnapshots(written, file, "replica", 3_600_000);
        snapshots.tokenStore(Jackson3Serializer.builder().build());
        written.created(SHOP, "shop");
        written.promoted(SHOP, 1, List.of(entry("index.html")));
        written.promoted(SHOP, 2, List.of(entry("index.html"), entry("new.css")));
        written.live(SHOP, 1);
        snapshots.handled(new GlobalSequenceTrackingToken(9));
        snapshots.write();
        snapshots.close();

        SiteDirectory read = new SiteDirectory();
        new SiteDirectorySnapshots(read, file, "replica", 3_600_000).tokenStore(Jackson3Serializer.builder().build());
        SiteDirectory.Site site = read.find("shop").orElseThrow();
        assertThat(site.version()).isEqualTo(1);
        assertThat(site.stored(2)).isPresent();
        assertThat(site).isEqualTo(written.find("shop").orElseThrow());
    }

    @Test
    void aNewReplicaStartsFromTheNewestSoundSnapshotOfAnyReplicaSkippingACorruptOne() throws Exception {
        SnapshotStore store = new FileSystemBlobStore(dir.resolve("shared")).snapshots();
        SiteDirectory first = new SiteDirectory();
        SiteDirectorySnapshots writer = new SiteDirectorySnapshots(first, store, "first", 3_600_000);
        writer.tokenStore(Jackson3Serializer.builder().build());
        first.created(SHOP, "shop");
        first.promoted(SHOP, 1, List.of(entry("index.html")));
        writer.handled(new GlobalSequenceTrackingToken(5));
        writer.write();
        first.promoted(SHOP, 2, List.of(entry("index.html"), entry("two.css")));
        writer.handled(new GlobalSequenceTrackingToken(8));
        writer.write();
        writer.close();
        assertThat(store.names()).hasSize(2);

        // The newest one loses its last bytes (a partial upload): its checksum no longer matches.
        String newest = store.names().stream().filter(name -> name.contains(".0000000000000000008.")).findFirst()
                .orElseThrow();
        Path copy = dir.resolve("copy");
        try (var in = store.open(newest).orElseThrow()) {
            byte[] bytes = in.readAllBytes();
            Files.write(copy, java.util.Arrays.copyOf(bytes, bytes.length - 9));
        }
        store.put(newest, copy);
        SiteDirectory second = new SiteDirectory();
        var tokens = new SiteDirectorySnapshots(second, store, "second", 3_600_000)
                .tokenStore(Jackson3Serializer.builder().build());
        tokens.initializeTokenSegments("site-directory", 1, null);
        assertThat(tokens.fetchToken("site-directory", 0)).as("the older, sound one")
                .isEqualTo(new GlobalSequenceTrackingToken(5));
        assertThat(second.find("shop").orElseThrow().version()).isEqualTo(1);

        // One byte changed in the middle, keeping the length: the checksum tells it too.
        for (String name : store.names()) {
            byte[] bytes;
            try (var in = store.open(name).orElseThrow()) {
                bytes = in.readAllBytes();
            }
            bytes[bytes.length / 2] ^= 1;
            Files.write(copy, bytes);
            store.put(name, copy);
        }
        SiteDirectory third = new SiteDirectory();
        var fromStart = new SiteDirectorySnapshots(third, store, "third", 3_600_000)
                .tokenStore(Jackson3Serializer.builder().build());
        fromStart.initializeTokenSegments("site-directory", 1, null);
        assertThat(fromStart.fetchToken("site-directory", 0)).as("none sound: the whole stream").isNull();
        assertThat(third.find("shop")).isEmpty();
    }

    @Test
    void theNewestFewAreKeptAndNoneIsWrittenWhereOneAsNewIsThere() throws Exception {
        SnapshotStore store = new FileSystemBlobStore(dir.resolve("kept")).snapshots();
        SiteDirectory directory = new SiteDirectory();
        SiteDirectorySnapshots writer = new SiteDirectorySnapshots(directory, store, "first", 3_600_000);
        writer.tokenStore(Jackson3Serializer.builder().build());
        directory.created(SHOP, "shop");
        for (int position = 1; position <= 6; position++) {
            directory.promoted(SHOP, position, List.of(entry("v" + position + ".html")));
            writer.handled(new GlobalSequenceTrackingToken(position));
            writer.write();
        }
        assertThat(store.names()).hasSize(SiteDirectorySnapshots.KEPT)
                .allMatch(name -> name.matches("site-directory\\.000000000000000000[456]\\.[0-9a-f]{64}\\.first\\.gz"));
        store.put("foreign.txt", Files.writeString(dir.resolve("foreign"), "not ours"));

        SiteDirectory other = new SiteDirectory();
        SiteDirectorySnapshots second = new SiteDirectorySnapshots(other, store, "second", 3_600_000);
        second.tokenStore(Jackson3Serializer.builder().build());
        second.handled(new GlobalSequenceTrackingToken(6));
        second.write();
        assertThat(store.names()).as("the first replica wrote this far already").hasSize(SiteDirectorySnapshots.KEPT + 1)
                .noneMatch(name -> name.contains(".second."));
        writer.close();
        second.close();
    }

    /**
     * A snapshot of format 2 (every manifest, no sequence numbers; what replicas wrote before format 3) at a newer
     * position than a format 3 one: skipped, the older sound one restored; alone, the whole stream is read.
     */
    @Test
    void aSnapshotOfTheOldFormatIsSkippedNeverServed() throws Exception {
        SnapshotStore store = new FileSystemBlobStore(dir.resolve("old-format")).snapshots();
        SiteDirectory written = new SiteDirectory();
        SiteDirectorySnapshots writer = new SiteDirectorySnapshots(written, store, "new", 3_600_000);
        writer.tokenStore(Jackson3Serializer.builder().build());
        written.created(SHOP, "shop");
        written.promoted(SHOP, 1, List.of(entry("index.html")));
        writer.handled(new GlobalSequenceTrackingToken(4));
        writer.write();
        writer.close();
        SnapshotName old = putOldFormat(store, 9);

        SiteDirectory read = new SiteDirectory(asTheEventStore(written), 1 << 20);
        var tokens = new SiteDirectorySnapshots(read, store, "reader", 3_600_000)
                .tokenStore(Jackson3Serializer.builder().build());
        tokens.initializeTokenSegments("site-directory", 1, null);
        assertThat(tokens.fetchToken("site-directory", 0)).as("the format 3 one")
                .isEqualTo(new GlobalSequenceTrackingToken(4));
        assertThat(read.find("shop").orElseThrow().file("index.html")).isPresent();

        for (String name : store.names()) {
            if (!name.equals(old.toString())) {
                store.delete(name);
            }
        }
        SiteDirectory alone = new SiteDirectory();
        var fromStart = new SiteDirectorySnapshots(alone, store, "alone", 3_600_000)
                .tokenStore(Jackson3Serializer.builder().build());
        fromStart.initializeTokenSegments("site-directory", 1, null);
        assertThat(fromStart.fetchToken("site-directory", 0)).as("only an old one: the whole stream").isNull();
        assertThat(alone.find("shop")).isEmpty();
    }

    /** A sound (checksummed, gzipped) snapshot that begins as format 2 did: "SDS" and 2, then a token and a site. */
    private SnapshotName putOldFormat(SnapshotStore store, long position) throws Exception {
        var bytes = new java.io.ByteArrayOutputStream();
        try (var out = new java.io.DataOutputStream(new java.util.zip.GZIPOutputStream(bytes))) {
            out.writeInt(0x53445302);
            out.write(new byte[] {2, 'x', 0, 0, 1, 16, 'w', 'e', 'b', '_', 's', 'h', 'o', 'p'});
        }
        String sha = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                .digest(bytes.toByteArray()));
        SnapshotName name = new SnapshotName(position, sha, "old");
        store.put(name.toString(), Files.write(dir.resolve("old.gz"), bytes.toByteArray()));
        return name;
    }

    private static ManifestEntry entry(String path) {
        return new ManifestEntry(path, "text/css", 3, "a".repeat(64));
    }
}
