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
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.junit.jupiter.api.Test;

/**
 * The directory holds manifests in a cache bounded in estimated bytes, reading a missing one from the event store
 * (Axon's in-memory engine here, read as the JDBC one is: by aggregate and sequence number): the bound holds after
 * every publish and every read, and a manifest pushed out is read again and serves the same files.
 */
class ManifestCacheTest {
    private static final AccountId OWNER = new AccountId("acc_owner");
    private static final long BOUND = 16 * 1024;

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
                append(id, version, published(id, version, 10));
                assertThat(cache.bytes()).as("after a publish").isLessThanOrEqualTo(BOUND);
            }
        }
        assertThat(cache.size()).as("far fewer than the 80 manifests published").isBetween(1, 40);

        WebsiteId first = new WebsiteId("web_site0");
        SiteDirectory.Site site = directory.find("site-0").orElseThrow();
        assertThat(site.current().inMemory()).as("the oldest went first").isFalse();
        long loads = cache.loads();
        for (int i = 0; i < 40; i++) {
            SiteDirectory.Site each = directory.find("site-" + i).orElseThrow();
            assertThat(each.file("index.html")).contains(entry(new WebsiteId("web_site" + i), 2, 0));
            assertThat(each.stored(1).orElseThrow().file("p1/9.css"))
                    .contains(entry(new WebsiteId("web_site" + i), 1, 9));
            assertThat(each.file("p1/9.css")).as("version 2's files are its own").isEmpty();
            assertThat(cache.bytes()).as("after a read").isLessThanOrEqualTo(BOUND);
        }
        assertThat(cache.loads()).as("the ones pushed out were read again").isGreaterThan(loads);
        assertThat(site.current().files()).hasSize(10).containsEntry("index.html", entry(first, 2, 0));
        assertThat(site.current().inMemory()).as("held again once read").isTrue();
    }

    @Test
    void aManifestLargerThanAQuarterOfTheBoundIsServedButNotHeld() {
        WebsiteId big = new WebsiteId("web_big");
        append(big, 0, new WebsiteCreated(big, OWNER, "Big", "big", Category.OTHER, null));
        append(big, 1, published(big, 1, 100));
        SiteDirectory.Site site = directory.find("big").orElseThrow();
        assertThat(site.current().inMemory()).isFalse();
        assertThat(site.current().files()).hasSize(100);
        assertThat(site.file("p1/99.css")).contains(entry(big, 1, 99));
        assertThat(directory.manifests().bytes()).isZero();
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
