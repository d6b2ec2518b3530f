package io.sites.app.axon;

import io.sites.app.roles.ConditionalOnRole;
import io.sites.app.roles.Role;
import io.sites.query.website.TrackingPositions;
import java.util.List;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.SimpleSerializedObject;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * A processor's tokens as the shared token store ({@code tokenentry}) holds them, read without claiming: when other
 * API replicas own some of the read model's segments, this is what tells that the read model has an event. A token
 * commits in the same transaction as its segment's changes to the read model, so the tokens are exactly the read
 * model's state.
 */
@ConditionalOnRole(Role.API)
@Component
class SharedTokens {
    private final JdbcTemplate jdbc;
    private final Serializer serializer;

    SharedTokens(JdbcTemplate jdbc, Serializer serializer) {
        this.jdbc = jdbc;
        this.serializer = serializer;
    }

    /** Whether every segment's stored token is past the event. */
    boolean cover(String processor, long position) {
        List<TrackingToken> tokens = jdbc.query("select token, tokentype from tokenentry where processorname = ?",
                (row, index) -> row.getBytes(1) == null ? null : serializer.deserialize(new SimpleSerializedObject<>(
                        row.getBytes(1), byte[].class, row.getString(2), null)), processor);
        return !tokens.isEmpty() && tokens.stream().allMatch(token -> TrackingPositions.covers(token, position));
    }
}
