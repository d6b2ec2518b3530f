package io.sites.command.publish;

import io.sites.api.site.ManifestEntry;
import io.sites.api.event.VersionPublished;
import io.sites.api.id.WebsiteId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.stereotype.Component;

/**
 * Every version's manifest of one website, read from the website's own events (the command side's store, not the
 * read model): the base of an edit, and the blobs a publish to that website may name by digest. Asked only after the
 * website said the caller may publish to it.
 */
@Component
class WebsiteManifests {
    private final EventStore events;

    WebsiteManifests(EventStore events) {
        this.events = events;
    }

    /** The manifests by version number; empty for a website without events. */
    Map<Integer, List<ManifestEntry>> of(WebsiteId websiteId) {
        Map<Integer, List<ManifestEntry>> versions = new HashMap<>();
        // From the first event, not the snapshot: a snapshot holds no manifests.
        DomainEventStream stream = events.readEvents(websiteId.value(), 0);
        while (stream.hasNext()) {
            if (stream.next().getPayload() instanceof VersionPublished published) {
                versions.put(published.version(), published.files());
            }
        }
        return versions;
    }

    /** Every blob of those versions, by sha256 with its size. */
    static Map<String, Long> blobs(Map<Integer, List<ManifestEntry>> versions) {
        Map<String, Long> blobs = new HashMap<>();
        versions.values().forEach(files -> files.forEach(f -> blobs.put(f.sha256(), f.size())));
        return blobs;
    }
}
