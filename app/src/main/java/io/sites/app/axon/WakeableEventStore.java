package io.sites.app.axon;

import java.util.List;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;

/**
 * Axon's embedded event store, which can be told that another process appended: idle, it asks the storage engine
 * only every second, and only this process's own appends wake it. {@link DatabaseNotifications} calls
 * {@link #wake()} for every append anywhere.
 */
final class WakeableEventStore extends EmbeddedEventStore {

    WakeableEventStore(Builder builder) {
        super(builder);
    }

    /** Fetches now if the store's reader is idle, as after an append of this process's own. */
    void wake() {
        afterCommit(List.of());
    }
}
