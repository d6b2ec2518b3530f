package io.sites.site.directory;

import org.axonframework.eventhandling.TrackingToken;

/**
 * How far this replica's directory has read the event stream, for whoever publishes it to the other replicas (the
 * replica room's row). The directory tells, it never asks: so the directory knows nothing of replicas.
 */
public interface DirectoryProgress {

    /** At start, before the projection reads: the directory is about to read the history. */
    void announce();

    /** An event the directory has read, its change applied. */
    void reached(TrackingToken token);

    /** The directory has caught up with the store's head at start. */
    void startedUp();
}
