package io.sites.app.axon;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.event.WebsiteDeleted;
import io.sites.api.id.WebsiteId;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.app.identity.Accounts;
import io.sites.command.publish.ReadModels;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * Events stored before the actor existed (revision 1, written here literally as the Jackson 3 serializer wrote
 * them) are read through ActorUpcaster: the history names the account they held, with no door; the aggregate
 * loads them and takes a new publish; the read model and the site directory project them.
 */
class ActorUpcasterTest extends EmbeddedAppTest {
    private static final String HASH = "a".repeat(64);

    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    Accounts accounts;
    @Autowired
    ReadModels readModels;
    @Autowired
    EventStore events;

    @Test
    void revisionOneEventsReadBackWithTheirAccountAndNoDoor() {
        AccountId alice = accounts.byUsername("alice").orElseThrow();
        AccountId bob = accounts.byUsername("bob").orElseThrow();
        String w = WebsiteId.generate().value();
        String a = alice.value();
        String b = bob.value();
        String slug = unique("upcast");
        assertThat(http().post("/v1/websites", ALICE, site(unique("first"), "First", file("index.html", "<p>1</p>")))
                .status()).as("an event of this build stored first: its metadata is copied").isEqualTo(201);
        List<String[]> old = List.of(
                event("WebsiteCreated", """
                        {"websiteId":"%s","owner":"%s","name":"Old site","slug":"%s","category":"other",\
                        "description":null}""".formatted(w, a, slug)),
                event("VersionPublished", """
                        {"websiteId":"%s","jobId":"job_%sa","version":1,"kind":"initial","message":null,\
                        "promote":true,"publishedBy":"%s","files":[{"path":"index.html","contentType":"text/html",\
                        "size":12,"sha256":"%s"}]}""".formatted(w, w.substring(4), a, HASH)),
                event("CollaboratorAdded", """
                        {"websiteId":"%s","collaborator":"%s","by":"%s"}""".formatted(w, b, a)),
                event("SitePasswordSet", """
                        {"websiteId":"%s","passwordHash":"{noop}secret","by":"%s"}""".formatted(w, a)),
                event("SitePasswordCleared", """
                        {"websiteId":"%s","by":"%s"}""".formatted(w, a)),
                event("VersionPublished", """
                        {"websiteId":"%s","jobId":"job_%sb","version":2,"kind":"refinement","message":"by bob",\
                        "promote":false,"publishedBy":"%s","files":[{"path":"index.html","contentType":"text/html",\
                        "size":12,"sha256":"%s"},{"path":"a.css","contentType":"text/css","size":3,\
                        "sha256":"%s"}]}""".formatted(w, w.substring(4), b, HASH, HASH)),
                event("VersionPromoted", """
                        {"websiteId":"%s","version":2,"previousVersion":1,"promotedBy":"%s"}""".formatted(w, a)),
                event("CollaboratorRemoved", """
                        {"websiteId":"%s","collaborator":"%s","by":"%s"}""".formatted(w, b, a)));
        store(w, old);
        readModels.awaitWebsite(new WebsiteId(w));

        JsonNode items = http().get("/v1/websites/" + w + "/history", ALICE).json().get("items");
        assertThat(items.valueStream().map(item -> item.get("type").asString()).toList()).containsExactly(
                "collaborator.removed", "version.promoted", "version.published", "password.cleared", "password.set",
                "collaborator.added", "version.published", "website.created");
        items.forEach(item -> {
            JsonNode actor = item.get("actor");
            assertThat(actor.has("via")).as("a door never recorded is absent: " + item).isFalse();
            assertThat(actor.has("credential")).isFalse();
        });
        assertThat(items.get(2).get("actor").get("name").asString()).isEqualTo("bob");
        assertThat(items.get(2).get("details").get("files").asInt()).isEqualTo(2);
        assertThat(items.get(1).get("details").get("previousVersion").asInt()).isEqualTo(1);
        assertThat(items.get(0).get("actor").get("accountId").asString()).isEqualTo(a);
        assertThat(items.get(0).get("details").get("username").asString()).isEqualTo("bob");
        assertThat(http().get("/v1/websites/" + w, ALICE).json().get("currentVersion").get("version").asInt())
                .as("the read model projected the upcast events").isEqualTo(2);

        // The aggregate loads the old events and decides on the next version; that one records its door.
        Http.Response third = http().post("/v1/websites/" + w + "/versions", ALICE,
                version(null, null, file("index.html", "<p>three</p>")));
        assertThat(third.status()).as(third.text()).isEqualTo(201);
        assertThat(third.json().get("version").asInt()).isEqualTo(3);
        JsonNode newest = http().get("/v1/websites/" + w + "/history?limit=1", ALICE).json().get("items").get(0);
        assertThat(newest.get("actor").get("via").asString()).isEqualTo("token");
        assertThat(http().site(slug, "/").text()).isEqualTo("<p>three</p>");

        String gone = WebsiteId.generate().value();
        store(gone, List.of(event("WebsiteCreated", """
                        {"websiteId":"%s","owner":"%s","name":"Gone","slug":"%s","category":"other",\
                        "description":null}""".formatted(gone, a, unique("gone"))),
                event("WebsiteDeleted", """
                        {"websiteId":"%s","slug":"gone","by":"%s"}""".formatted(gone, a))));
        Object deleted = events.readEvents(gone, 1).next().getPayload();
        assertThat(deleted).isEqualTo(new WebsiteDeleted(new WebsiteId(gone), "gone", alice, Actor.unrecorded(alice)));
    }

    @Test
    void theLiteralsHaveTheShapeTheSerializerWrites() {
        String id = http().post("/v1/websites", ALICE, site(unique("shape"), "Shape", file("index.html", "<p>s</p>")))
                .json().get("websiteId").asString();
        List<String> created = keys(id, 0);
        List<String> published = keys(id, 1);
        assertThat(created).containsExactly("websiteId", "owner", "name", "slug", "category", "description", "actor");
        assertThat(published).containsExactly("websiteId", "jobId", "version", "kind", "message", "promote",
                "publishedBy", "files", "actor");
        assertThat(jdbc.queryForList("select payloadrevision from domainevententry where aggregateidentifier = ?",
                String.class, id)).containsOnly("2");
    }

    private List<String> keys(String aggregate, long sequence) {
        byte[] payload = jdbc.queryForObject("select payload from domainevententry where aggregateidentifier = ? "
                + "and sequencenumber = ?", byte[].class, aggregate, sequence);
        List<String> keys = new ArrayList<>();
        Http.JSON.readTree(payload).propertyNames().forEach(keys::add);
        return keys;
    }

    private static String[] event(String type, String json) {
        return new String[] {"io.sites.api." + type, json};
    }

    /** Appends the events as revision 1 with the metadata Axon writes for an event without any. */
    private void store(String aggregate, List<String[]> stored) {
        byte[] metadata = jdbc.queryForObject("select metadata from domainevententry order by globalindex limit 1",
                byte[].class);
        for (int seq = 0; seq < stored.size(); seq++) {
            jdbc.update("""
                    insert into domainevententry (aggregateidentifier, sequencenumber, type, eventidentifier, metadata,
                        payload, payloadrevision, payloadtype, timestamp)
                    values (?, ?, 'Website', ?, ?, ?, '1', ?, ?)""", aggregate, seq, UUID.randomUUID().toString(),
                    metadata, stored.get(seq)[1].getBytes(StandardCharsets.UTF_8), stored.get(seq)[0],
                    "2026-01-02T03:04:0" + seq + ".000Z");
        }
    }
}
