package io.sites.app.web;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.command.AddCollaboratorCommand;
import io.sites.api.id.AccountId;
import io.sites.api.id.WebsiteId;
import io.sites.app.Http;
import io.sites.app.identity.AccessTokens;
import io.sites.app.identity.Accounts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The live event feed (GET /v1/events) over real HTTP with a plain SSE client: an editor's publish reaches the
 * owner's stream as getHistory shows it; a client that drops and resumes from Last-Event-ID gets what was stored
 * meanwhile (from the store), then live events, nothing twice; an event goes out only once the reads show it; another account's events never appear; the cap per
 * account answers 429 in the envelope. Runs on PostgreSQL and on the embedded default.
 */
public interface EventFeedContract {
    Http http();

    <T> T bean(Class<T> type);

    record User(AccountId id, String token) {
    }

    default User user(String prefix) {
        AccountId id = bean(Accounts.class).createIfAbsent(unique(prefix));
        return new User(id, bean(AccessTokens.class).mint(id, "feed", null));
    }

    default String website(User owner) {
        Http.Response created = http().post("/v1/websites", owner.token(), site(unique("feed"), "Feed",
                file("index.html", "<p>one</p>")));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        return created.json().get("websiteId").asString();
    }

    default void publish(User caller, String websiteId, String message) {
        Http.Response published = http().post("/v1/websites/" + websiteId + "/versions", caller.token(),
                version(true, message, file("index.html", "<p>" + message + "</p>")));
        assertThat(published.status()).as(published.text()).isEqualTo(201);
    }

    default EventStream open(User caller, String query, String lastEventId) {
        EventStream stream = EventStream.open(http().port(), caller.token(), query, lastEventId);
        assertThat(stream.status()).isEqualTo(200);
        return stream;
    }

    @Test
    default void anEditorsPublishReachesTheOwnersStreamAsTheHistoryShowsIt() throws Exception {
        User owner = user("feed-owner");
        User editor = user("feed-editor");
        String id = website(owner);
        bean(CommandGateway.class).sendAndWait(new AddCollaboratorCommand(new WebsiteId(id), owner.id(),
                editor.id()));
        try (EventStream stream = open(owner, "websiteId=" + id, null)) {
            assertThat(stream.header("Content-Type")).startsWith("text/event-stream");
            assertThat(stream.resumePoint()).isNotBlank();
            publish(editor, id, "by-the-editor");
            EventStream.Event event = stream.next();
            assertThat(event.data().get("websiteId").asString()).isEqualTo(id);
            assertThat(event.data().get("type").asString()).isEqualTo("version.published");
            assertThat(event.data().get("actor").get("accountId").asString()).isEqualTo(editor.id().value());
            assertThat(event.data().get("details").get("message").asString()).isEqualTo("by-the-editor");
            // Exactly getHistory's entry, the website's id beside it.
            JsonNode newest = http().get("/v1/websites/" + id + "/history?limit=1", owner.token()).json()
                    .get("items").get(0);
            ObjectNode entry = ((ObjectNode) event.data()).deepCopy();
            entry.remove("websiteId");
            assertThat(entry).isEqualTo(newest);
        }
    }

    @Test
    default void anEventGoesOutOnceTheReadsShowIt() throws Exception {
        User owner = user("feed-shown");
        String id = website(owner);
        StreamingEventProcessor readModel = bean(EventProcessingConfiguration.class)
                .eventProcessor("read-model", StreamingEventProcessor.class).orElseThrow();
        try (EventStream stream = open(owner, "websiteId=" + id, null)) {
            assertThat(stream.resumePoint()).isNotBlank();
            // The event is stored while the read model stands still: a client reading on it would see version 1.
            readModel.shutDown();
            CompletableFuture<Void> publishing = CompletableFuture.runAsync(() -> publish(owner, id, "held-back"));
            try {
                assertThat(stream.nextWithin(Duration.ofSeconds(2))).as("an event the reads do not show yet")
                        .isNull();
            } finally {
                readModel.start();
            }
            EventStream.Event event = stream.next();
            assertThat(event.data().get("details").get("message").asString()).isEqualTo("held-back");
            assertThat(http().get("/v1/websites/" + id, owner.token()).json().get("currentVersion").get("version")
                    .asInt()).as("read right after the event").isEqualTo(2);
            publishing.get(60, TimeUnit.SECONDS);
        }
    }

    @Test
    default void aClientThatDropsResumesFromLastEventIdWithoutAGapOrADuplicate() throws Exception {
        User owner = user("feed-resume");
        String first = website(owner);
        String lastId;
        try (EventStream stream = open(owner, "", null)) {
            stream.resumePoint();
            publish(owner, first, "live-1");
            EventStream.Event event = stream.next();
            assertThat(event.data().get("details").get("message").asString()).isEqualTo("live-1");
            lastId = event.id();
        }
        // Stored while nobody listened: on two websites, in this order.
        String second = website(owner);
        publish(owner, first, "missed-1");
        publish(owner, second, "missed-2");
        try (EventStream stream = open(owner, "", lastId)) {
            List<String> seen = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                EventStream.Event event = stream.next();
                seen.add(event.data().get("type").asString() + " " + event.data().get("details").path("message")
                        .asString(""));
            }
            // A new website's first version is published with it.
            assertThat(seen).containsExactly("website.created ", "version.published ", "version.published missed-1",
                    "version.published missed-2");
            publish(owner, second, "live-2");
            assertThat(stream.next().data().get("details").get("message").asString()).isEqualTo("live-2");
        }
        // The cursor in the query string does the same (a client without the header).
        try (EventStream stream = open(owner, "after=" + lastId, null)) {
            assertThat(stream.next().data().get("type").asString()).isEqualTo("website.created");
        }
    }

    @Test
    default void anotherAccountsEventsNeverAppear() throws Exception {
        User alice = user("feed-alice");
        User mallory = user("feed-mallory");
        String alices = website(alice);
        String mallorys = website(mallory);
        try (EventStream stream = open(mallory, "", null)) {
            stream.resumePoint();
            publish(alice, alices, "private");
            publish(mallory, mallorys, "own");
            EventStream.Event event = stream.next();
            assertThat(event.data().get("websiteId").asString()).isEqualTo(mallorys);
            assertThat(event.data().get("details").get("message").asString()).isEqualTo("own");
        }
        // Nor from a cursor: the store is read, what is not hers is skipped.
        EventStream.Event replayed;
        try (EventStream stream = open(mallory, "", null)) {
            String start = stream.resumePoint();
            publish(alice, alices, "private-2");
            publish(mallory, mallorys, "own-2");
            replayed = stream.next();
            try (EventStream again = open(mallory, "after=" + start, null)) {
                assertThat(again.next().data().get("details").get("message").asString()).isEqualTo("own-2");
            }
        }
        assertThat(replayed.data().get("details").get("message").asString()).isEqualTo("own-2");
        // Her website by its id: the reads' 404, in the envelope, before any stream.
        EventStream refused = EventStream.open(http().port(), mallory.token(), "websiteId=" + alices, null);
        assertThat(refused.status()).isEqualTo(404);
        assertThat(refused.error().get("error").get("code").asString()).isEqualTo("NOT_FOUND");
    }

    @Test
    default void anAccountHoldsAtMostItsStreamsAndABadCursorIsRefused() throws Exception {
        int streamsPerAccount = bean(io.sites.app.feed.FeedProperties.class).streamsPerAccount();
        User greedy = user("feed-greedy");
        List<EventStream> streams = new ArrayList<>();
        try {
            for (int i = 0; i < streamsPerAccount; i++) {
                streams.add(open(greedy, "", null));
            }
            EventStream refused = EventStream.open(http().port(), greedy.token(), "", null);
            assertThat(refused.status()).isEqualTo(429);
            JsonNode error = refused.error().get("error");
            assertThat(error.get("code").asString()).isEqualTo("TOO_MANY_STREAMS");
            assertThat(error.get("message").asString()).contains(streamsPerAccount + " live event streams");
            // Another account is not counted with it.
            try (EventStream other = open(user("feed-modest"), "", null)) {
                assertThat(other.resumePoint()).isNotBlank();
            }
        } finally {
            streams.forEach(EventStream::close);
        }
        EventStream forged = EventStream.open(http().port(), greedy.token(), "after=not-a-cursor", null);
        assertThat(forged.status()).isEqualTo(400);
        assertThat(forged.error().get("error").get("code").asString()).isEqualTo("BAD_REQUEST");
    }
}
