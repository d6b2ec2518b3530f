package io.sites.command.publish;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.VersionKind;
import io.sites.api.event.VersionPublished;
import io.sites.api.id.AccountId;
import io.sites.api.id.JobId;
import io.sites.api.id.WebsiteId;
import io.sites.api.site.ManifestEntry;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.junit.jupiter.api.Test;

/**
 * A website's blobs and versions as the command side reads them from its events: kept after the first ask, so the
 * next reads only what was appended since, and read again whole once the budget of kept blobs pushed it out.
 */
class WebsiteManifestsTest {
    private final CountingEngine engine = new CountingEngine();
    private final EventStore store = EmbeddedEventStore.builder().storageEngine(engine).build();
    private final Map<WebsiteId, Integer> sequences = new HashMap<>();

    @Test
    void aLaterAskReadsOnlyTheEventsAppendedSince() {
        WebsiteId site = WebsiteId.generate();
        created(site);
        publish(site, 1, "a", "b");
        publish(site, 2, "b", "c");
        WebsiteManifests manifests = new WebsiteManifests(store, 1000);

        assertThat(manifests.named(site, List.of(digest("a"), digest("c"), digest("x"))))
                .containsOnlyKeys(digest("a"), digest("c")).containsEntry(digest("c"), (long) "c".length() * 100);
        assertThat(engine.read.getAndSet(0)).isEqualTo(3);

        publish(site, 3, "d");
        assertThat(manifests.named(site, List.of(digest("d"), digest("a")))).containsOnlyKeys(digest("d"),
                digest("a"));
        assertThat(engine.read.getAndSet(0)).as("the one event appended since").isEqualTo(1);
        assertThat(manifests.named(site, List.of(digest("d")))).containsOnlyKeys(digest("d"));
        assertThat(engine.read.getAndSet(0)).as("nothing appended since").isZero();

        assertThat(manifests.manifest(site, 1)).hasValueSatisfying(files -> assertThat(files)
                .extracting(ManifestEntry::path).containsExactly("a.html", "b.html"));
        assertThat(manifests.manifest(site, 3)).hasValueSatisfying(files -> assertThat(files)
                .extracting(ManifestEntry::sha256).containsExactly(digest("d")));
        assertThat(manifests.manifest(site, 4)).isEmpty();
        assertThat(manifests.named(WebsiteId.generate(), List.of(digest("a")))).isEmpty();
    }

    @Test
    void pastTheBudgetTheLeastRecentlyAskedWebsiteIsReadAgainAndAnswersAlike() {
        WebsiteId first = WebsiteId.generate();
        WebsiteId second = WebsiteId.generate();
        publish(first, 1, "a", "b");
        publish(first, 2, "c");
        publish(second, 1, "d", "e");
        WebsiteManifests manifests = new WebsiteManifests(store, 4);

        assertThat(manifests.named(first, List.of(digest("a"), digest("c")))).hasSize(2);
        assertThat(manifests.named(second, List.of(digest("d")))).hasSize(1);
        engine.read.set(0);
        assertThat(manifests.named(second, List.of(digest("e")))).hasSize(1);
        assertThat(engine.read.getAndSet(0)).as("the most recently asked is kept").isZero();
        assertThat(manifests.named(first, List.of(digest("a"), digest("c"), digest("d")))).hasSize(2);
        assertThat(engine.read.getAndSet(0)).as("pushed out by the second, so read whole").isEqualTo(2);

        WebsiteManifests none = new WebsiteManifests(store, 0);
        none.named(first, List.of(digest("a")));
        assertThat(none.named(first, List.of(digest("a"), digest("b"), digest("c")))).hasSize(3);
        assertThat(engine.read.getAndSet(0)).as("nothing kept: every ask reads it all").isEqualTo(4);
    }

    private void created(WebsiteId site) {
        append(site, "created");
    }

    private void publish(WebsiteId site, int version, String... names) {
        List<ManifestEntry> files = new ArrayList<>();
        for (String name : names) {
            files.add(new ManifestEntry(name + ".html", "text/html", name.length() * 100L, digest(name)));
        }
        AccountId owner = new AccountId("acc_aaaaaaaaaaaaaaaaaaaaaaaaaa");
        append(site, new VersionPublished(site, JobId.generate(), version, VersionKind.INITIAL, null, true, owner,
                files));
    }

    private void append(WebsiteId site, Object payload) {
        int sequence = sequences.merge(site, 1, Integer::sum) - 1;
        store.publish(new GenericDomainEventMessage<>("Website", site.value(), sequence, payload));
    }

    private static String digest(String name) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(name.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The in-memory store, counting the events a website's reads take from it. */
    private static final class CountingEngine extends InMemoryEventStorageEngine {
        private final AtomicInteger read = new AtomicInteger();

        @Override
        public DomainEventStream readEvents(String aggregateIdentifier, long firstSequenceNumber) {
            List<? extends DomainEventMessage<?>> events = super.readEvents(aggregateIdentifier, firstSequenceNumber)
                    .asStream().toList();
            read.addAndGet(events.size());
            return DomainEventStream.of(events.stream());
        }
    }
}
