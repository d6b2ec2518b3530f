package io.sites.app.axon;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sites.app.Http;
import io.sites.app.PostgresAppTest;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.modelling.command.ConcurrencyException;
import org.junit.jupiter.api.Test;

/**
 * Another replica appended to a website first, and this one's cached aggregate is behind: on PostgreSQL the append
 * at a taken sequence number must be a ConcurrencyException, which PublishService retries on fresh state, not an
 * EventStoreException, which is a 500. (FleetTest found it: publishes to one website alternating between replicas.)
 */
class TakenSequencePostgresTest extends PostgresAppTest {

    @Test
    void anAppendAtATakenSequenceNumberIsAConcurrencyConflict() {
        Http.Response created = http().post("/v1/websites", ALICE, site(unique("taken"), "Taken",
                file("index.html", "<p>first</p>")));
        assertThat(created.status()).isEqualTo(201);
        String websiteId = created.json().get("websiteId").asString();
        EventStorageEngine events = bean(EventStorageEngine.class);
        long last = events.lastSequenceNumberFor(websiteId).orElseThrow();

        assertThatThrownBy(() -> events.appendEvents(new GenericDomainEventMessage<>("Website", websiteId, last,
                "appended by a replica whose aggregate was behind")))
                .isInstanceOf(ConcurrencyException.class);
    }
}
