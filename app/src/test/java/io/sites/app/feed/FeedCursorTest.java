package io.sites.app.feed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sites.app.usecases.BadRequestException;
import java.util.Base64;
import java.util.List;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.junit.jupiter.api.Test;

/**
 * The feed's cursor: a store position with its gaps survives the wire; anything it did not write is a 400; a gap
 * stays uncovered until an event fills it, which is how a late commit is neither missed nor sent twice.
 */
class FeedCursorTest {
    private static GapAwareTrackingToken token(long index, Long... gaps) {
        return GapAwareTrackingToken.newInstance(index, List.of(gaps));
    }

    @Test
    void aPositionWithItsGapsSurvivesTheWire() {
        GapAwareTrackingToken position = token(120, 97L, 118L);
        String cursor = FeedCursor.encode(position);
        assertThat(cursor).doesNotContain(",").matches("[A-Za-z0-9_-]+");
        assertThat(FeedCursor.decode(cursor, "after")).isEqualTo(position);
        assertThat(FeedCursor.decode(FeedCursor.encode(token(-1)), "after")).isEqualTo(token(-1));
    }

    @Test
    void whatTheFeedDidNotWriteIsABadRequest() {
        String[] forged = {"", "not-a-cursor!", Base64.getUrlEncoder().encodeToString("12,15".getBytes()),
                Base64.getUrlEncoder().encodeToString("x".getBytes()), "A".repeat(FeedCursor.MAX_CHARS + 1),
                Base64.getUrlEncoder().encodeToString(",".getBytes())};
        for (String cursor : forged) {
            assertThatThrownBy(() -> FeedCursor.decode(cursor, "Last-Event-ID")).as(cursor)
                    .isInstanceOf(BadRequestException.class).hasMessageContaining("Last-Event-ID");
        }
    }

    @Test
    void aGapIsCoveredOnlyOnceFilled() {
        GapAwareTrackingToken caughtUp = token(10, 7L);
        assertThat(FeedCursor.covers(caughtUp, 6)).isTrue();
        assertThat(FeedCursor.covers(caughtUp, 7)).isFalse();
        assertThat(FeedCursor.covers(caughtUp, 11)).isFalse();
        // The reader passed 11 and 12 but has not seen 7 either: still a gap; then 7 commits.
        GapAwareTrackingToken merged = FeedCursor.merge(caughtUp, token(12, 7L));
        assertThat(merged).isEqualTo(token(12, 7L));
        assertThat(FeedCursor.merge(merged, token(12))).isEqualTo(token(12));
        // A reader behind the stream moves it nowhere back.
        assertThat(FeedCursor.merge(token(12), token(9, 4L))).isEqualTo(token(12));
    }

    @Test
    void anEventsOwnIndexIsWhereTheReaderWentOrTheGapItClosed() {
        assertThat(FeedReader.indexOf(token(10), token(13, 11L, 12L))).isEqualTo(13);
        assertThat(FeedReader.indexOf(token(13, 11L, 12L), token(13, 12L))).isEqualTo(11);
        assertThat(FeedReader.indexOf(token(13, 11L, 12L), token(13))).isEqualTo(-1);
    }
}
