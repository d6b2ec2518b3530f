package io.sites.site.directory;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.blob.SnapshotStore;
import io.sites.blob.FileSystemBlobStore;
import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.Category;
import io.sites.api.event.CollaboratorAdded;
import io.sites.api.id.JobId;
import io.sites.api.site.ManifestEntry;
import io.sites.api.VersionKind;
import io.sites.api.event.VersionPromoted;
import io.sites.api.event.VersionPublished;
import io.sites.api.event.WebsiteCreated;
import io.sites.api.id.WebsiteId;
import java.nio.file.Path;
import org.axonframework.eventhandling.GenericEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.axonframework.serialization.jackson3.Jackson3Serializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A starting replica reads the history straight from the store, then the processor goes on after it. */
class SiteDirectoryHistoryTest {
    private static final WebsiteId SHOP = new WebsiteId("web_shop");
    private static final AccountId OWNER = new AccountId("acc_owner");

    private final EmbeddedEventStore store = EmbeddedEventStore.builder()
            .storageEngine(new InMemoryEventStorageEngine()).build();
    private final SiteDirectory directory = new SiteDirectory();
    private final SiteDirectoryCatchUp catchUp = new SiteDirectoryCatchUp(directory, () -> { });

    /** This test reads no replica's row. */
    private static final DirectoryProgress UNREPORTED = new DirectoryProgress() {
        @Override
        public void announce() {
        }

        @Override
        public void reached(TrackingToken token) {
        }

        @Override
        public void startedUp() {
        }
    };

    @TempDir
    Path dir;

    @AfterEach
    void shutDown() {
        store.shutDown();
    }

    @Test
    void everyEventIsAppliedAsTheProjectionAppliesItAndTheProcessorStartsAfterTheLast() throws Exception {
        SiteDirectorySnapshots snapshots = new SiteDirectorySnapshots(directory,
                new FileSystemBlobStore(dir.resolve("blobs")).snapshots(), "replica", 3_600_000);
        SiteDirectoryHistory history = new SiteDirectoryHistory(() -> store, new SiteDirectoryProjection(directory,
                snapshots, catchUp, UNREPORTED));
        publish(new WebsiteCreated(SHOP, OWNER, "Shop", "shop", Category.OTHER, null),
                version(1, "index.html"), version(2, "index.html", "about.html"),
                new CollaboratorAdded(SHOP, new AccountId("acc_editor"), OWNER, Actor.unrecorded(OWNER)),
                new VersionPromoted(SHOP, 1, 2, OWNER));
        catchUp.startedAt(store.createHeadToken());

        var tokens = snapshots.tokenStore(Jackson3Serializer.builder().build(), history::readFrom);
        tokens.initializeTokenSegments("site-directory", 1, null);

        SiteDirectory.Site shop = directory.find("shop").orElseThrow();
        assertThat(shop.version()).as("the promotion of version 1 came last").isEqualTo(1);
        assertThat(shop.stored(2).orElseThrow().file("about.html")).isPresent();
        TrackingToken token = tokens.fetchToken("site-directory", 0);
        assertThat(token).as("after the last event, the one the directory skips included")
                .isEqualTo(store.createHeadToken());
        assertThat(directory.isCaughtUp()).isTrue();
        assertThat(history.readFrom(token)).as("nothing more to read").isEqualTo(token);
    }

    /**
     * A replica that starts from a snapshot at the store's head is caught up once the history finds nothing after
     * it, not a second later when the processor's first empty poll says so (the processor never runs here).
     */
    @Test
    void aSnapshotAtTheHeadIsCaughtUpOnceTheHistoryFindsNothingAfterIt() throws Exception {
        var blobs = new FileSystemBlobStore(dir.resolve("head")).snapshots();
        SiteDirectory written = new SiteDirectory();
        SiteDirectorySnapshots writer = new SiteDirectorySnapshots(written, blobs, "first", 3_600_000);
        writer.tokenStore(Jackson3Serializer.builder().build());
        publish(new WebsiteCreated(SHOP, OWNER, "Shop", "shop", Category.OTHER, null), version(1, "index.html"));
        written.created(SHOP, "shop");
        written.promoted(SHOP, 1, java.util.List.of(new ManifestEntry("index.html", "text/html", 3, "a".repeat(64))));
        writer.handled(store.createHeadToken());
        writer.write();
        writer.close();

        SiteDirectorySnapshots snapshots = new SiteDirectorySnapshots(directory, blobs, "second", 3_600_000);
        SiteDirectoryHistory history = new SiteDirectoryHistory(() -> store, new SiteDirectoryProjection(directory,
                snapshots, catchUp, UNREPORTED));
        catchUp.startedAt(store.createHeadToken());
        assertThat(directory.isCaughtUp()).as("nothing read yet").isFalse();

        var tokens = snapshots.tokenStore(Jackson3Serializer.builder().build(), history::readFrom);
        tokens.initializeTokenSegments("site-directory", 1, null);

        assertThat(tokens.fetchToken("site-directory", 0)).isEqualTo(store.createHeadToken());
        assertThat(directory.isCaughtUp()).as("the snapshot holds the head").isTrue();
        assertThat(directory.find("shop").orElseThrow().version()).isEqualTo(1);
    }

    private void publish(Object... events) {
        for (Object event : events) {
            store.publish(GenericEventMessage.asEventMessage(event));
        }
    }

    private static VersionPublished version(int number, String... paths) {
        return new VersionPublished(SHOP, new JobId("job_" + number), number, VersionKind.INITIAL, null, true, OWNER,
                java.util.Arrays.stream(paths).map(path -> new ManifestEntry(path, "text/html", 3, "a".repeat(64)))
                        .toList());
    }
}
