package io.sites.site.directory;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.Category;
import io.sites.api.VersionKind;
import io.sites.api.event.VersionPublished;
import io.sites.api.event.WebsiteCreated;
import io.sites.api.id.AccountId;
import io.sites.api.id.JobId;
import io.sites.api.id.WebsiteId;
import io.sites.api.site.ManifestEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.junit.jupiter.api.Test;

/**
 * The directory holds manifests in a cache bounded in estimated bytes, reading a missing one from the event store
 * (Axon's in-memory engine here, read as the JDBC one is: by aggregate and sequence number): the bound holds after
 * every publish and every read, a manifest pushed out is read again and serves the same files, big sites push out
 * only big sites' manifests, and a crowd asking for the same missing manifest at once costs one read.
 */
class ManifestCacheTest {
    private static final AccountId OWNER = new AccountId("acc_owner");
    private static final long BOUND = 64 * 1024;
    /** Files of an ordinary site here: its manifest is well under the large ones' threshold (a 32nd of the bound). */
    private static final int SMALL = 3;

    private final InMemoryEventStorageEngine events = new InMemoryEventStorageEngine();
    private final SiteDirectory directory = new SiteDirectory(
            SiteDirectory.PublishedManifests.fromEvents(events::readEvents), BOUND);
    private final SiteDirectoryProjection projection = new SiteDirectoryProjection(directory, null, null, null);

    @Test
    void aManifestPushedOutIsReadAgainFromTheStoreAndTheBoundAlwaysHolds() {
        ManifestCache cache = directory.manifests();
        for (int site = 0; site < 40; site++) {
            WebsiteId id = new WebsiteId("web_site" + site);
            append(id, 0, new WebsiteCreated(id, OWNER, "Site " + site, "site-" + site, Category.OTHER, null));
            for (int version = 1; version <= 2; version++) {
                append(id, version, published(id, version, SMALL));
                assertThat(cache.bytes()).as("after a publish").isLessThanOrEqualTo(BOUND);
            }
        }
        assertThat(cache.size()).as("fewer than the 80 manifests published").isBetween(1, 79);

        WebsiteId first = new WebsiteId("web_site0");
        SiteDirectory.Site site = directory.find("site-0").orElseThrow();
        assertThat(site.current().inMemory()).as("the oldest went first").isFalse();
        long loads = cache.loads();
        for (int i = 0; i < 40; i++) {
            SiteDirectory.Site each = directory.find("site-" + i).orElseThrow();
            assertThat(each.file("index.html")).contains(entry(new WebsiteId("web_site" + i), 2, 0));
            assertThat(each.stored(1).orElseThrow().file("p1/2.css"))
                    .contains(entry(new WebsiteId("web_site" + i), 1, 2));
            assertThat(each.file("p1/2.css")).as("version 2's files are its own").isEmpty();
            assertThat(cache.bytes()).as("after a read").isLessThanOrEqualTo(BOUND);
        }
        assertThat(cache.loads()).as("the ones pushed out were read again").isGreaterThan(loads);
        assertThat(site.current().files()).hasSize(SMALL).containsEntry("index.html", entry(first, 2, 0));
        assertThat(site.current().inMemory()).as("held again once read").isTrue();
    }

    @Test
    void bigSitesPushOutOnlyBigSitesManifests() {
        for (int site = 0; site < 20; site++) {
            WebsiteId id = new WebsiteId("web_small" + site);
            append(id, 0, new WebsiteCreated(id, OWNER, "Small", "small-" + site, Category.OTHER, null));
            append(id, 1, published(id, 1, SMALL));
        }
        for (int site = 0; site < 6; site++) {
            WebsiteId id = new WebsiteId("web_big" + site);
            append(id, 0, new WebsiteCreated(id, OWNER, "Big", "big-" + site, Category.OTHER, null));
            append(id, 1, published(id, 1, 100));
            assertThat(directory.manifests().bytes()).isLessThanOrEqualTo(BOUND);
        }
        // A hostile tenant's big sites, each asked for in turn, churn among themselves.
        for (int round = 0; round < 3; round++) {
            for (int site = 0; site < 6; site++) {
                assertThat(directory.find("big-" + site).orElseThrow().file("p1/99.css")).isPresent();
            }
        }
        ManifestCache cache = directory.manifests();
        assertThat(cache.largeOnes()).as("big manifests held").isBetween(1, 5);
        for (int site = 0; site < 20; site++) {
            assertThat(directory.find("small-" + site).orElseThrow().current().inMemory())
                    .as("small site %d keeps its manifest", site).isTrue();
        }
        assertThat(cache.bytes()).isLessThanOrEqualTo(BOUND);
    }

    @Test
    void aManifestLargerThanItsRoomIsServedButNotHeld() {
        WebsiteId big = new WebsiteId("web_big");
        append(big, 0, new WebsiteCreated(big, OWNER, "Big", "big", Category.OTHER, null));
        append(big, 1, published(big, 1, 400));
        SiteDirectory.Site site = directory.find("big").orElseThrow();
        assertThat(site.current().inMemory()).isFalse();
        assertThat(site.current().files()).hasSize(400);
        assertThat(site.file("p1/399.css")).contains(entry(big, 1, 399));
        assertThat(directory.manifests().bytes()).isZero();
    }

    @Test
    void aCrowdMissingTheSameManifestSharesOneRead() throws Exception {
        for (int files : List.of(SMALL, 400)) {
            WebsiteId id = new WebsiteId("web_crowd" + files);
            append(id, 0, new WebsiteCreated(id, OWNER, "Crowd", "crowd-" + files, Category.OTHER, null));
            append(id, 1, published(id, 1, files));
            SiteDirectory.Stored stored = new SiteDirectory.Stored(1, 1, 0);
            AtomicInteger reads = new AtomicInteger();
            CountDownLatch release = new CountDownLatch(1);
            ManifestCache cache = new ManifestCache((website, sequence) -> {
                reads.incrementAndGet();
                await(release);
                return SiteDirectory.PublishedManifests.fromEvents(events::readEvents).read(website, sequence);
            }, BOUND);
            List<Thread> crowd = new ArrayList<>();
            List<Map<String, ManifestEntry>> served = new CopyOnWriteArrayList<>();
            for (int i = 0; i < 16; i++) {
                crowd.add(Thread.ofPlatform().start(
                        () -> served.add(new SiteDirectory.Version(id, stored, cache).files())));
            }
            // Every request is parked: one in the read, the others waiting for it (or, were reads not shared, each
            // in a read of its own).
            while (crowd.stream().anyMatch(request -> request.getState() != Thread.State.WAITING)) {
                Thread.sleep(5);
            }
            release.countDown();
            for (Thread request : crowd) {
                request.join();
            }
            assertThat(served).hasSize(16).allSatisfy(manifest -> assertThat(manifest).hasSize(files)
                    .containsEntry("index.html", entry(id, 1, 0)));
            assertThat(reads).as("reads of a %d-file manifest by 16 requests at once", files).hasValue(1);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(interrupted);
        }
    }

    @Test
    void aSequenceNumberWithoutThatVersionsEventReadsNothing() {
        WebsiteId id = new WebsiteId("web_gone");
        append(id, 0, new WebsiteCreated(id, OWNER, "Gone", "gone", Category.OTHER, null));
        SiteDirectory.PublishedManifests store = SiteDirectory.PublishedManifests.fromEvents(events::readEvents);
        assertThat(store.read(id, 0)).as("a WebsiteCreated").isEmpty();
        assertThat(store.read(id, 5)).as("past the last").isEmpty();
        assertThat(store.read(id, -1)).as("no domain event").isEmpty();
    }

    private void append(WebsiteId id, long sequence, Object payload) {
        DomainEventMessage<?> message = new GenericDomainEventMessage<>("Website", id.value(), sequence, payload);
        events.appendEvents(message);
        projection.apply(payload, message.getTimestamp(), SiteDirectoryProjection.sequence(message));
    }

    private static VersionPublished published(WebsiteId id, int version, int files) {
        List<ManifestEntry> entries = new ArrayList<>();
        for (int i = 0; i < files; i++) {
            entries.add(entry(id, version, i));
        }
        return new VersionPublished(id, new JobId("job_" + id.value() + version), version, VersionKind.INITIAL, "v",
                true, OWNER, entries);
    }

    private static ManifestEntry entry(WebsiteId id, int version, int file) {
        String sha = String.format("%064x", (long) (id.value().hashCode() * 31 + version) * 1000 + file);
        return new ManifestEntry(file == 0 ? "index.html" : "p" + version + "/" + file + ".css",
                file == 0 ? "text/html" : "text/css", 100 + file, sha);
    }
}
