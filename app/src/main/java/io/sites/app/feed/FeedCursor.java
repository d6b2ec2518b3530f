package io.sites.app.feed;

import io.sites.app.usecases.BadRequestException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.SortedSet;
import java.util.TreeSet;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.TrackingToken;

/**
 * A position in the event store as clients hold it (the SSE {@code id}, {@code after}, {@code Last-Event-ID}): the
 * store's global index and the lower indexes not yet committed when it was read (gaps), so a resume reads what
 * committed late and nothing twice. Opaque on the wire (base64url), bounded, and checked: a forged one can only
 * make its own stream read more of the store, never show more of it.
 */
final class FeedCursor {
    static final int MAX_CHARS = 4096;
    private static final int MAX_GAPS = 500;

    private FeedCursor() {
    }

    static String encode(GapAwareTrackingToken token) {
        StringBuilder text = new StringBuilder(Long.toString(token.getIndex()));
        for (Long gap : token.getGaps()) {
            text.append(',').append(gap);
        }
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.toString().getBytes(StandardCharsets.US_ASCII));
    }

    /** The token, or a BAD_REQUEST naming {@code parameter} for anything this did not write. */
    static GapAwareTrackingToken decode(String cursor, String parameter) {
        try {
            if (cursor.length() > MAX_CHARS) {
                throw new IllegalArgumentException();
            }
            String[] parts = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.US_ASCII).split(",");
            if (parts.length == 0) {
                // "," decodes to no parts at all (a 500 until the adversarial suite sent it)
                throw new IllegalArgumentException();
            }
            long index = Long.parseLong(parts[0]);
            SortedSet<Long> gaps = new TreeSet<>();
            for (int i = 1; i < parts.length; i++) {
                long gap = Long.parseLong(parts[i]);
                if (gap < 0 || gap >= index) {
                    throw new IllegalArgumentException();
                }
                gaps.add(gap);
            }
            if (index < -1 || gaps.size() > MAX_GAPS) {
                throw new IllegalArgumentException();
            }
            return GapAwareTrackingToken.newInstance(index, gaps);
        } catch (IllegalArgumentException notOurs) {
            throw new BadRequestException(parameter, parameter + " is not a cursor of this feed: give the id of an"
                    + " event it sent, as sent.");
        }
    }

    /** Whether the event at {@code index} is at or before the position (read, or skipped as not the stream's). */
    static boolean covers(GapAwareTrackingToken position, long index) {
        return index <= position.getIndex() && !position.getGaps().contains(index);
    }

    /**
     * The position covering what either covers: a stream that caught up in the store to {@code position} and then
     * took an event of the live reader, whose token covers everything the reader had passed.
     */
    static GapAwareTrackingToken merge(GapAwareTrackingToken position, TrackingToken reader) {
        GapAwareTrackingToken other = (GapAwareTrackingToken) reader;
        SortedSet<Long> gaps = new TreeSet<>();
        for (SortedSet<Long> candidates : java.util.List.of(position.getGaps(), other.getGaps())) {
            for (Long gap : candidates) {
                if (!covers(position, gap) && !covers(other, gap)) {
                    gaps.add(gap);
                }
            }
        }
        return GapAwareTrackingToken.newInstance(Math.max(position.getIndex(), other.getIndex()), gaps);
    }
}
