package io.sites.replica;

import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.ReplayToken;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventhandling.Segment;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.SimpleSerializedObject;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A processor's tokens as the shared token store ({@code tokenentry}) holds them, read without claiming: when
 * another API replica owns the segment that handles a website's events, this is what tells that the read model has
 * them. A token commits in the same transaction as its segment's changes to the read model, so the tokens are exactly
 * the read model's state.
 */
public final class SharedTokens {
    private final JdbcTemplate jdbc;
    private final Serializer serializer;

    SharedTokens(JdbcTemplate jdbc, Serializer serializer) {
        this.jdbc = jdbc;
        this.serializer = serializer;
    }

    /**
     * Whether the segment that handles the aggregate's events ({@link #handles}) has its stored token past the event.
     * The segments' ids are read with the tokens, so a split between two polls is seen at the next one.
     */
    boolean cover(String processor, String aggregate, long position) {
        List<StoredToken> tokens = jdbc.query("select segment, token, tokentype from tokenentry"
                + " where processorname = ?", (row, index) -> new StoredToken(row.getInt(1), row.getBytes(2),
                        row.getString(3)), processor);
        int[] ids = tokens.stream().mapToInt(StoredToken::segment).toArray();
        return tokens.stream().filter(token -> handles(Segment.computeSegment(token.segment(), ids), aggregate))
                .anyMatch(token -> token.bytes() != null && TrackingPositions.covers(serializer.deserialize(
                        new SimpleSerializedObject<>(token.bytes(), byte[].class, token.type(), null)), position));
    }

    /**
     * Whether every segment's stored token is past the position and has handled every event stored at or below it:
     * the whole read model has them (the blob collector's mark reads it). A gap below the position is either an
     * append that rolled back (never stored: harmless) or one that committed after the token moved past it, which
     * the model lacks yet: the event store tells which. False while a processor has no token at all.
     */
    boolean coverAll(String processor, long position) {
        List<StoredToken> tokens = jdbc.query("select segment, token, tokentype from tokenentry"
                + " where processorname = ?", (row, index) -> new StoredToken(row.getInt(1), row.getBytes(2),
                        row.getString(3)), processor);
        if (tokens.isEmpty()) {
            return false;
        }
        Set<Long> gaps = new TreeSet<>();
        for (StoredToken stored : tokens) {
            if (stored.bytes() == null) {
                return false;
            }
            TrackingToken token = serializer.deserialize(new SimpleSerializedObject<>(stored.bytes(), byte[].class,
                    stored.type(), null));
            if (!TrackingPositions.covers(token, position)) {
                return false;
            }
            TrackingToken current = token instanceof ReplayToken replay ? replay.getCurrentToken() : token;
            if (current instanceof GapAwareTrackingToken gapAware) {
                gapAware.getGaps().stream().filter(gap -> gap <= position).forEach(gaps::add);
            }
        }
        List<Long> below = List.copyOf(gaps);
        for (int from = 0; from < below.size(); from += 1000) {
            List<Long> chunk = below.subList(from, Math.min(below.size(), from + 1000));
            Integer stored = jdbc.queryForObject("select count(*) from domainevententry where globalindex in ("
                    + String.join(",", Collections.nCopies(chunk.size(), "?")) + ")", Integer.class, chunk.toArray());
            if (stored == null || stored > 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether a segment handles an aggregate's events: the processors sequence per aggregate (Axon's default policy),
     * so the aggregate identifier's hash decides, as in Axon's own event handler invoker.
     */
    public static boolean handles(Segment segment, String aggregate) {
        return segment.matches(aggregate);
    }

    /** A row as stored; only the website's segment's token is deserialized. */
    private record StoredToken(int segment, byte[] bytes, String type) {
    }
}
