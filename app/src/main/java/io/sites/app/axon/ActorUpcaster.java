package io.sites.app.axon;

import io.sites.api.event.CollaboratorAdded;
import io.sites.api.event.CollaboratorRemoved;
import io.sites.api.event.SitePasswordCleared;
import io.sites.api.event.SitePasswordSet;
import io.sites.api.event.VersionPromoted;
import io.sites.api.event.VersionPublished;
import io.sites.api.event.WebsiteCreated;
import io.sites.api.event.WebsiteDeleted;
import java.util.Map;
import org.axonframework.serialization.SimpleSerializedType;
import org.axonframework.serialization.upcasting.event.IntermediateEventRepresentation;
import org.axonframework.serialization.upcasting.event.SingleEventUpcaster;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import tools.jackson.databind.node.ObjectNode;

/**
 * Revision 1 of the website's events named the account that acted but not the door it came through; revision 2
 * carries an {@code actor}. Stored revision-1 events are read as revision 2 with {@code actor} made from the
 * account field they already had ({@code owner}, {@code publishedBy}, {@code promotedBy} or {@code by}) and no door
 * and no credential, which the history shows as a door not recorded. Works on the JSON the Jackson 3 serializer
 * stored (axon.serializer.events: jackson3), before anything is deserialized, so the records keep one shape.
 */
@Component
@Order(0)
class ActorUpcaster extends SingleEventUpcaster {
    static final String BEFORE = "1";
    static final String AFTER = "2";

    /** Each event type that gained the actor, and the field of revision 1 that names who acted. */
    private static final Map<String, String> ACCOUNT_FIELDS = Map.of(
            WebsiteCreated.class.getName(), "owner",
            VersionPublished.class.getName(), "publishedBy",
            VersionPromoted.class.getName(), "promotedBy",
            SitePasswordSet.class.getName(), "by",
            SitePasswordCleared.class.getName(), "by",
            CollaboratorAdded.class.getName(), "by",
            CollaboratorRemoved.class.getName(), "by",
            WebsiteDeleted.class.getName(), "by");

    @Override
    protected boolean canUpcast(IntermediateEventRepresentation event) {
        return BEFORE.equals(event.getType().getRevision()) && ACCOUNT_FIELDS.containsKey(event.getType().getName());
    }

    @Override
    protected IntermediateEventRepresentation doUpcast(IntermediateEventRepresentation event) {
        String field = ACCOUNT_FIELDS.get(event.getType().getName());
        return event.upcastPayload(new SimpleSerializedType(event.getType().getName(), AFTER), ObjectNode.class,
                payload -> {
                    ObjectNode actor = payload.putObject("actor");
                    actor.set("accountId", payload.get(field));
                    actor.putNull("via");
                    actor.putNull("credential");
                    return payload;
                });
    }
}
