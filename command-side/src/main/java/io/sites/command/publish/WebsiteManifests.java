package io.sites.command.publish;

import io.sites.api.event.VersionPublished;
import io.sites.api.id.WebsiteId;
import io.sites.api.site.ManifestEntry;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * What a website's versions hold, read from the website's own events (the command side's store, not the read model):
 * one version's manifest (the base of an edit), and every blob its versions name (what a publish to it may name by
 * digest). Asked only after the website said the caller may publish to it.
 *
 * <p>A website's blobs are kept after the first read, with the sequence number reached and where each version's
 * event is, and each later ask reads only the events appended since: a republish costs the versions published since
 * the last one, not the website's whole history, and no more than one version's manifest is held for it. A website's
 * events keep their files and numbers once stored (the one rewrite, forgetting a person, empties the file lists of
 * websites it deleted first, which no publish reaches again) and are numbered without gaps, so what was read stays
 * true on every api replica. What is kept is bounded by its blobs ({@code sites.publish.website-blobs-kept}), least
 * recently asked website out first; a website with more blobs than that is read whole each time, as before.
 */
@Component
class WebsiteManifests {
    private final EventStore events;
    private final long budget;
    /** Websites in the order they were last asked for, oldest first; guarded by itself. */
    private final LinkedHashMap<WebsiteId, Kept> kept = new LinkedHashMap<>(16, 0.75f, true);
    private long keptBlobs;

    WebsiteManifests(EventStore events, @Value("${sites.publish.website-blobs-kept:300000}") long budget) {
        this.events = events;
        this.budget = budget;
    }

    /** Of these digests, those the website's versions name, with their sizes; none for a website without events. */
    Map<String, Long> named(WebsiteId websiteId, Collection<String> digests) {
        Kept website = read(websiteId);
        Map<String, Long> named = new HashMap<>();
        synchronized (website) {
            for (String digest : digests) {
                Long size = website.blobs.get(digest);
                if (size != null) {
                    named.put(digest, size);
                }
            }
        }
        return named;
    }

    /** The files of one of the website's versions; empty when it has no such version. */
    Optional<List<ManifestEntry>> manifest(WebsiteId websiteId, int version) {
        Kept website = read(websiteId);
        Long sequence;
        synchronized (website) {
            sequence = website.versions.get(version);
        }
        if (sequence == null) {
            return Optional.empty();
        }
        DomainEventStream stream = events.readEvents(websiteId.value(), sequence);
        if (stream.hasNext() && stream.next().getPayload() instanceof VersionPublished published
                && published.version() == version) {
            return Optional.of(published.files());
        }
        throw new IllegalStateException("Event " + sequence + " of website " + websiteId.value()
                + " is not the publish of version " + version);
    }

    /** The website brought up to its last event: kept, or read afresh when it is not kept. */
    private Kept read(WebsiteId websiteId) {
        Kept website;
        synchronized (kept) {
            website = kept.computeIfAbsent(websiteId, id -> new Kept());
        }
        synchronized (website) {
            website.readFrom(events.readEvents(websiteId.value(), website.next));
        }
        synchronized (kept) {
            if (kept.get(websiteId) == website) {
                keptBlobs += website.size - website.accounted;
                website.accounted = website.size;
                evictBeyondBudget();
            }
        }
        return website;
    }

    /** Least recently asked first, until the blobs kept are within the budget; what is in use stays usable. */
    private void evictBeyondBudget() {
        Iterator<Kept> oldest = kept.values().iterator();
        while (keptBlobs > budget && oldest.hasNext()) {
            Kept website = oldest.next();
            oldest.remove();
            keptBlobs -= website.accounted;
        }
    }

    /** One website's blobs and where each version's event is, as read up to {@code next}. */
    private static final class Kept {
        private final Map<String, Long> blobs = new HashMap<>();
        private final Map<Integer, Long> versions = new HashMap<>();
        /** The sequence number of the first event not read yet. */
        private long next;
        /** The blobs as last read, and as added to {@code keptBlobs} (guarded by {@code kept}). */
        private volatile int size;
        private int accounted;

        private void readFrom(DomainEventStream stream) {
            while (stream.hasNext()) {
                DomainEventMessage<?> event = stream.next();
                if (event.getPayload() instanceof VersionPublished published) {
                    versions.put(published.version(), event.getSequenceNumber());
                    published.files().forEach(file -> blobs.put(file.sha256(), file.size()));
                }
                next = event.getSequenceNumber() + 1; // only once the event is taken in: a failure reads it again
            }
            size = blobs.size();
        }
    }
}
