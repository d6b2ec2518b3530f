package io.sites.replica;

import java.util.List;
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
     * Whether every segment's stored token is past the position: the whole read model has every event up to it
     * (the blob collector's mark reads it). False while a processor has no token at all.
     */
    boolean coverAll(String processor, long position) {
        List<StoredToken> tokens = jdbc.query("select segment, token, tokentype from tokenentry"
                + " where processorname = ?", (row, index) -> new StoredToken(row.getInt(1), row.getBytes(2),
                        row.getString(3)), processor);
        return !tokens.isEmpty() && tokens.stream().allMatch(token -> token.bytes() != null
                && TrackingPositions.covers(serializer.deserialize(new SimpleSerializedObject<>(token.bytes(),
                        byte[].class, token.type(), null)), position));
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
