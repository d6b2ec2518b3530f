package io.sites.app.axon;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.replica.SharedTokens;
import java.util.List;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandlerInvoker;
import org.axonframework.eventhandling.Segment;
import org.axonframework.eventhandling.TrackingEventProcessor;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.Test;

/**
 * Read-your-writes waits for one segment of the read model per website ({@link SharedTokens#handles}); that is only
 * right while it is the segment Axon's own invoker hands the website's events to. A sequencing policy other than
 * per aggregate would make the wait look at the wrong segment, and reads after a 201 could be stale.
 */
class WebsiteSegmentTest extends EmbeddedAppTest {

    @Test
    void theSegmentWaitedForIsTheOneThatHandlesTheWebsitesEvents() {
        EventProcessingConfiguration processing = bean(EventProcessingConfiguration.class);
        TrackingEventProcessor readModel = processing.eventProcessor(ReadModelSegments.READ_MODEL,
                TrackingEventProcessor.class).orElseThrow();
        EventHandlerInvoker invoker = readModel.eventHandlerInvoker();
        int[] ids = processing.tokenStore(ReadModelSegments.READ_MODEL).fetchSegments(ReadModelSegments.READ_MODEL);
        assertThat(ids).as("the read model runs several segments").hasSizeGreaterThan(1);
        for (int n = 0; n < 12; n++) {
            Http.Response created = http().post("/v1/websites", ALICE, site(unique("segment"), "Segment",
                    file("index.html", "<p>1</p>")));
            String website = created.json().get("websiteId").asString();
            http().post("/v1/websites/" + website + "/versions", ALICE,
                    version(true, null, file("index.html", "<p>2</p>")));
            List<? extends DomainEventMessage<?>> handled = bean(EventStore.class).readEvents(website).asStream()
                    .filter(event -> invoker.canHandleType(event.getPayloadType())).toList();
            assertThat(handled).as("the read model's events of %s", website).isNotEmpty();
            for (DomainEventMessage<?> event : handled) {
                for (int id : ids) {
                    Segment segment = Segment.computeSegment(id, ids);
                    assertThat(SharedTokens.handles(segment, website)).as("%s in segment %d", event.getPayloadType()
                            .getSimpleName(), id).isEqualTo(invoker.canHandle(event, segment));
                }
            }
        }
    }
}
