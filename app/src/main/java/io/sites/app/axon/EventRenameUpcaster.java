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
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.axonframework.serialization.SimpleSerializedType;
import org.axonframework.serialization.upcasting.event.IntermediateEventRepresentation;
import org.axonframework.serialization.upcasting.event.SingleEventUpcaster;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads events stored under the names they had before shared-api was split into packages: the Jackson serializer
 * stores each event's class name, and until issue 33 every event lived in {@code io.sites.api}. An event stored as
 * {@code io.sites.api.VersionPublished} is read as {@code io.sites.api.event.VersionPublished}, same revision, same
 * payload. Runs before every other upcaster, so those see only today's names.
 */
@Component
@Order(-1)
class EventRenameUpcaster extends SingleEventUpcaster {
    static final String OLD_PACKAGE = "io.sites.api.";

    private static final Map<String, String> NEW_NAMES = Stream.of(WebsiteCreated.class, VersionPublished.class,
                    VersionPromoted.class, SitePasswordSet.class, SitePasswordCleared.class, CollaboratorAdded.class,
                    CollaboratorRemoved.class, WebsiteDeleted.class)
            .collect(Collectors.toUnmodifiableMap(type -> OLD_PACKAGE + type.getSimpleName(), Class::getName));

    @Override
    protected boolean canUpcast(IntermediateEventRepresentation event) {
        return NEW_NAMES.containsKey(event.getType().getName());
    }

    @Override
    protected IntermediateEventRepresentation doUpcast(IntermediateEventRepresentation event) {
        return event.upcastPayload(new SimpleSerializedType(NEW_NAMES.get(event.getType().getName()),
                event.getType().getRevision()), ObjectNode.class, Function.identity());
    }
}
