package io.sites.app.axon;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import java.util.List;
import java.util.Map;
import org.axonframework.commandhandling.GenericCommandMessage;
import org.axonframework.config.Configuration;
import org.axonframework.eventhandling.GenericEventMessage;
import org.axonframework.messaging.MetaData;
import org.axonframework.messaging.correlation.CorrelationDataProvider;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * The service's one correlation provider: an event's origin is its own identifier, found without reading its
 * metadata (a stored event's metadata is JSON to parse); a command's is Axon's, so the events a publish appends still
 * carry the command's trace.
 */
class MessageOriginsTest extends EmbeddedAppTest {
    @Autowired
    Configuration axon;
    @Autowired
    JdbcTemplate jdbc;

    @Test
    void anEventsOriginIsItsIdentifierAndItsMetadataIsNeverRead() {
        var event = new GenericEventMessage<>("payload", MetaData.with("traceId", "earlier")) {
            @Override
            public MetaData getMetaData() {
                throw new AssertionError("the metadata of an event was read");
            }
        };
        assertThat(providers()).singleElement().satisfies(provider -> assertThat(provider.correlationDataFor(event))
                .isEqualTo(Map.of("correlationId", event.getIdentifier(), "traceId", event.getIdentifier())));
    }

    @Test
    void aCommandKeepsAxonsOrigins() {
        var command = new GenericCommandMessage<>("payload").andMetaData(Map.of("traceId", "request"));
        assertThat(providers().getFirst().correlationDataFor(command))
                .isEqualTo(Map.of("correlationId", command.getIdentifier(), "traceId", "request"));
    }

    @Test
    void theEventsOfAPublishCarryItsCommandsTrace() {
        String id = http().post("/v1/websites", ALICE, site(unique("origin"), "Origin", file("index.html", "<p>o</p>")))
                .json().get("websiteId").asString();
        List<byte[]> stored = jdbc.queryForList("select metadata from domainevententry where aggregateidentifier = ? "
                + "order by sequencenumber", byte[].class, id);
        assertThat(stored).hasSize(2);
        JsonNode created = Http.JSON.readTree(stored.get(0));
        JsonNode published = Http.JSON.readTree(stored.get(1));
        assertThat(created.get("traceId").asString()).isNotBlank().isEqualTo(published.get("traceId").asString());
        assertThat(created.get("correlationId").asString()).isNotBlank();
    }

    private List<CorrelationDataProvider> providers() {
        return axon.correlationDataProviders();
    }
}
