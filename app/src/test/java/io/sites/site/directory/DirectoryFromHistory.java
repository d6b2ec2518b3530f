package io.sites.site.directory;

import org.axonframework.common.stream.BlockingStream;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;

/** A site directory built from the whole event store, as a new site replica builds its own (SiteDirectoryHistory). */
public final class DirectoryFromHistory {
    private DirectoryFromHistory() {
    }

    public static SiteDirectory read(EventStore events) throws InterruptedException {
        SiteDirectory directory = new SiteDirectory();
        // Only apply() is used: the snapshots, catch-up and progress belong to a running replica.
        SiteDirectoryProjection projection = new SiteDirectoryProjection(directory, null, null, null);
        try (BlockingStream<TrackedEventMessage<?>> stream = events.openStream(null)) {
            while (stream.hasNextAvailable()) {
                TrackedEventMessage<?> event = stream.nextAvailable();
                if (SiteDirectoryProjection.applies(event.getPayloadType())) {
                    projection.apply(event.getPayload(), event.getTimestamp(),
                            SiteDirectoryProjection.sequence(event));
                }
            }
        }
        return directory;
    }
}
