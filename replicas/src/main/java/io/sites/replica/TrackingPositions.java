package io.sites.replica;

import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.ReplayToken;
import org.axonframework.eventhandling.TrackingToken;

/**
 * Whether a tracking processor has handled one event of the store: what read-your-writes waits for after a command
 * and what the read model's replay waits for before reads go back to the live tables.
 */
public final class TrackingPositions {
    private TrackingPositions() {
    }

    /** Only the one position matters: an older gap (a rolled-back append) must not hold the reply up. */
    public static boolean covers(TrackingToken token, long position) {
        TrackingToken current = token instanceof ReplayToken replay ? replay.getCurrentToken() : token;
        if (current instanceof GapAwareTrackingToken gapAware) {
            return gapAware.getIndex() >= position && !gapAware.getGaps().contains(position);
        }
        return current != null && current.position().orElse(-1) >= position;
    }
}
