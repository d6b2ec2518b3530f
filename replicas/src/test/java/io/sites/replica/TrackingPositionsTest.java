package io.sites.replica;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.GlobalSequenceTrackingToken;
import org.axonframework.eventhandling.ReplayToken;
import org.axonframework.eventhandling.TrackingToken;
import org.junit.jupiter.api.Test;

/** A processor has handled an event once its token is at or past it, the event is no gap, and a replay got there. */
class TrackingPositionsTest {

    @Test
    void aGapAwareTokenCoversWhatItPassedExceptItsGaps() {
        TrackingToken token = GapAwareTrackingToken.newInstance(10, List.of(7L));
        assertThat(TrackingPositions.covers(token, 10)).isTrue();
        assertThat(TrackingPositions.covers(token, 5)).isTrue();
        assertThat(TrackingPositions.covers(token, 7)).as("a gap is not handled yet").isFalse();
        assertThat(TrackingPositions.covers(token, 11)).isFalse();
    }

    @Test
    void aReplayCoversOnlyWhatItReplayedSoFar() {
        TrackingToken reset = ReplayToken.createReplayToken(GapAwareTrackingToken.newInstance(10, List.of()));
        assertThat(TrackingPositions.covers(reset, 0)).as("nothing replayed yet").isFalse();
        TrackingToken halfway = ((ReplayToken) reset).advancedTo(GapAwareTrackingToken.newInstance(4, List.of()));
        assertThat(TrackingPositions.covers(halfway, 4)).isTrue();
        assertThat(TrackingPositions.covers(halfway, 5)).isFalse();
    }

    @Test
    void anyOtherTokenByItsPosition() {
        assertThat(TrackingPositions.covers(new GlobalSequenceTrackingToken(5), 5)).isTrue();
        assertThat(TrackingPositions.covers(new GlobalSequenceTrackingToken(5), 6)).isFalse();
        assertThat(TrackingPositions.covers(null, 0)).as("a processor that never ran").isFalse();
    }
}
