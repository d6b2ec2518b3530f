package io.sites.site.directory;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.GlobalSequenceTrackingToken;
import org.junit.jupiter.api.Test;

/** The site server waits for the head of the store as it was at start, and only for that. */
class SiteDirectoryCatchUpTest {
    private final SiteDirectory directory = new SiteDirectory();
    private final SiteDirectoryCatchUp catchUp = new SiteDirectoryCatchUp(directory, () -> { });

    @Test
    void notCaughtUpUntilTheHeadAtStartIsRead() {
        assertThat(directory.isCaughtUp()).as("the head is not known yet").isFalse();
        catchUp.reached(new GlobalSequenceTrackingToken(3));
        catchUp.startedAt(new GlobalSequenceTrackingToken(5));
        assertThat(directory.isCaughtUp()).isFalse();
        catchUp.reached(new GlobalSequenceTrackingToken(4));
        assertThat(directory.isCaughtUp()).isFalse();
        catchUp.reached(new GlobalSequenceTrackingToken(5));
        assertThat(directory.isCaughtUp()).isTrue();
    }

    @Test
    void anEmptyStoreIsCaughtUpAtOnce() {
        catchUp.startedAt(null);
        assertThat(directory.isCaughtUp()).isTrue();
    }

    @Test
    void aProcessorWithNothingMoreToReadIsCaughtUpWithoutAnyEvent() {
        AtomicBoolean drained = new AtomicBoolean();
        catchUp.drainedWhen(drained::get);
        catchUp.startedAt(GapAwareTrackingToken.newInstance(9, Set.of()));
        assertThat(directory.isCaughtUp()).isFalse();
        drained.set(true);
        assertThat(directory.isCaughtUp()).as("a snapshot at the head, or gaps filled, and nothing after").isTrue();
        drained.set(false);
        assertThat(directory.isCaughtUp()).as("for good").isTrue();
    }

    @Test
    void anOldGapDoesNotHoldTheDirectoryBack() {
        catchUp.startedAt(GapAwareTrackingToken.newInstance(9, Set.of()));
        catchUp.reached(GapAwareTrackingToken.newInstance(9, Set.of(4L)));
        assertThat(directory.isCaughtUp()).isTrue();
    }
}
