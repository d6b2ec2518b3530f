package io.sites.app.web;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.PreviewLinks;
import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.command.AddCollaboratorCommand;
import io.sites.api.Door;
import io.sites.api.site.PreviewGrant;
import io.sites.api.event.VersionPromoted;
import io.sites.api.event.VersionPublished;
import io.sites.api.id.WebsiteId;
import io.sites.app.identity.AccessTokens;
import io.sites.app.identity.Accounts;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * promoteVersion (and so rollback) and deleteWebsite, extensions of the interface, over real HTTP: the site host
 * serves the promoted version on the very next request, the read model and the site host agree with the event
 * order under a concurrent publish, and a deleted website is gone from every read and answers 410. Runs on
 * PostgreSQL and on the embedded default.
 */
public interface WebsiteLifecycleContract {
    Http http();

    <T> T bean(Class<T> type);

    record User(String name, AccountId id, String token) {
    }

    default User user(String prefix) {
        String name = unique(prefix);
        AccountId id = bean(Accounts.class).createIfAbsent(name);
        return new User(name, id, bean(AccessTokens.class).mint(id, "test", null));
    }

    /** A website with versions 1 and 2 live in turn: "one" then "two" at its site. */
    default JsonNode twoVersions(User owner, String slug) {
        Http.Response created = http().post("/v1/websites", owner.token(), site(slug, "Lifecycle",
                file("index.html", "<p>one</p>"), file("old.css", "p{color:red}")));
        assertThat(created.status()).isEqualTo(201);
        String id = created.json().get("websiteId").asString();
        assertThat(http().post("/v1/websites/" + id + "/versions", owner.token(),
                version(null, "second", file("index.html", "<p>two</p>"))).status()).isEqualTo(201);
        return created.json();
    }

    default String promote(String websiteId, Object version) {
        return "/v1/websites/" + websiteId + "/versions/" + version + "/promote";
    }

    /** The website's whole stream, without the snapshot a plain read starts from. */
    default long events(String websiteId) {
        return bean(EventStore.class).readEvents(websiteId, 0).asStream().count();
    }

    @Test
    default void promotingAnOlderVersionRollsBackAndTheSiteServesItOnTheVeryNextRequest() {
        User owner = user("rollback");
        String slug = unique("rollback");
        String id = twoVersions(owner, slug).get("websiteId").asString();
        assertThat(http().site(slug, "/").text()).isEqualTo("<p>two</p>");

        Http.Response promoted = http().post(promote(id, 1), owner.token(), "");
        assertThat(promoted.status()).as(promoted.text()).isEqualTo(200);
        JsonNode version = promoted.json();
        assertThat(version.get("version").asInt()).isEqualTo(1);
        assertThat(version.get("isCurrent").asBoolean()).isTrue();
        assertThat(version.get("kind").asString()).isEqualTo("initial");
        assertThat(version.get("status").asString()).isEqualTo("ready");
        assertThat(version.get("previewUrl").asString())
                .startsWith("http://v1--" + slug + ".localhost/?" + PreviewGrant.PARAMETER + "=");
        assertThat(http().site(slug, "/").text()).as("the very next request").isEqualTo("<p>one</p>");
        assertThat(http().site(slug, "/old.css").text()).isEqualTo("p{color:red}");

        JsonNode website = http().get("/v1/websites/" + id, owner.token()).json();
        assertThat(website.get("currentVersion").get("version").asInt()).isEqualTo(1);
        assertThat(website.get("currentVersionId").asString()).isEqualTo(version.get("id").asString());
        JsonNode listed = http().get("/v1/websites/" + id + "/versions", owner.token()).json().get("versions");
        assertThat(PreviewLinks.withoutGrants(listed.get(1))).as("the same Version as listWebsiteVersions shows")
                .isEqualTo(PreviewLinks.withoutGrants(version));
        assertThat(listed.get(0).get("isCurrent").asBoolean()).isFalse();

        // Promoting what is live answers the same and records nothing.
        long before = events(id);
        Http.Response again = http().post(promote(id, 1), owner.token(), "");
        assertThat(again.status()).isEqualTo(200);
        assertThat(PreviewLinks.withoutGrants(again.json())).isEqualTo(PreviewLinks.withoutGrants(version));
        assertThat(events(id)).isEqualTo(before);

        // Forward again; a later publish goes live as before.
        assertThat(http().post(promote(id, 2), owner.token(), "").status()).isEqualTo(200);
        assertThat(http().site(slug, "/").text()).isEqualTo("<p>two</p>");
        assertThat(http().site(slug, "/old.css").status()).isEqualTo(404);
        assertThat(http().post(promote(id, 1), owner.token(), "").status()).isEqualTo(200);
        Http.Response third = http().post("/v1/websites/" + id + "/versions", owner.token(),
                version(null, null, file("index.html", "<p>three</p>")));
        assertThat(third.json().get("version").asInt()).isEqualTo(3);
        assertThat(http().site(slug, "/").text()).isEqualTo("<p>three</p>");
    }

    @Test
    default void aStoredVersionIsMadeLiveAndAnEditorMayDoIt() {
        User owner = user("stored");
        User editor = user("editor");
        String slug = unique("stored");
        String id = twoVersions(owner, slug).get("websiteId").asString();
        assertThat(http().post("/v1/websites/" + id + "/versions", owner.token(),
                version(false, "draft", file("index.html", "<p>draft</p>"))).status()).isEqualTo(201);
        bean(CommandGateway.class).sendAndWait(new AddCollaboratorCommand(new WebsiteId(id), owner.id(),
                editor.id()));

        Http.Response promoted = http().post(promote(id, 3), editor.token(), "");
        assertThat(promoted.status()).as(promoted.text()).isEqualTo(200);
        assertThat(promoted.json().get("instruction").asString()).isEqualTo("draft");
        assertThat(http().site(slug, "/").text()).isEqualTo("<p>draft</p>");
        assertThat(http().get("/v1/jobs/" + promoted.json().get("jobId").asString(), owner.token()).json()
                .get("progressMessage").asString()).startsWith("Version 3 is live");
        DomainEventMessage<?> last = bean(EventStore.class).readEvents(id, 0).asStream().reduce((a, b) -> b)
                .orElseThrow();
        assertThat(last.getPayload()).isEqualTo(new VersionPromoted(new WebsiteId(id), 3, 2, editor.id(),
                new Actor(editor.id(), Door.TOKEN, "test")));
    }

    @Test
    default void unknownVersionsAndInvisibleWebsitesAre404() {
        User owner = user("unknown");
        User stranger = user("stranger");
        String id = twoVersions(owner, unique("unknown")).get("websiteId").asString();
        for (Object version : List.of(3, 0, -1, "latest", "1.0", "99999999999")) {
            Http.Response response = http().post(promote(id, version), owner.token(), "");
            assertThat(response.status()).as(version.toString()).isEqualTo(404);
            assertThat(response.json().get("error").get("code").asString()).isEqualTo("NOT_FOUND");
        }
        Http.Response stranger404 = http().post(promote(id, 1), stranger.token(), "");
        assertThat(stranger404.status()).isEqualTo(404);
        assertThat(stranger404.json().get("error").get("code").asString()).isEqualTo("NOT_FOUND");
        assertThat(http().post(promote("web_doesnotexist", 1), owner.token(), "").status())
                .isEqualTo(404);
        assertThat(http().post(promote(id, 1), null, "").status()).isEqualTo(401);
        assertThat(http().get("/v1/websites/" + id, owner.token()).json().get("currentVersion").get("version")
                .asInt()).as("nothing changed").isEqualTo(2);
    }

    @Test
    default void aPromoteRacingPublishesEndsWhereTheLastEventSays() throws Exception {
        User owner = user("race");
        String slug = unique("race");
        String id = twoVersions(owner, slug).get("websiteId").asString();
        for (int r = 0; r < 6; r++) {
            int round = r;
            int target = 1 + round % 2;
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Http.Response>> calls = new ArrayList<>();
            try (ExecutorService pool = Executors.newFixedThreadPool(3)) {
                for (int i = 0; i < 3; i++) {
                    int index = i;
                    calls.add(pool.submit(() -> {
                        start.await();
                        return index == 0 ? http().post(promote(id, target), owner.token(), "")
                                : http().post("/v1/websites/" + id + "/versions", owner.token(),
                                        version(index == 1, null, file("index.html", "<p>racer " + round + index
                                                + "</p>")));
                    }));
                }
                start.countDown();
                for (Future<Http.Response> call : calls) {
                    assertThat(call.get().status()).as(call.get().text()).isIn(200, 201);
                }
            }
            List<Object> history = bean(EventStore.class).readEvents(id, 0).asStream()
                    .map(event -> (Object) event.getPayload()).toList();
            List<Integer> numbers = history.stream()
                    .filter(VersionPublished.class::isInstance).map(p -> ((VersionPublished) p).version()).toList();
            assertThat(numbers).as("gap-free").isEqualTo(IntStream.rangeClosed(1, numbers.size()).boxed().toList());
            int live = history.stream().map(payload -> switch (payload) {
                case VersionPromoted promoted -> promoted.version();
                case VersionPublished published when published.promote() -> published.version();
                default -> 0;
            }).filter(v -> v > 0).reduce((a, b) -> b).orElseThrow();
            JsonNode website = http().get("/v1/websites/" + id, owner.token()).json();
            assertThat(website.get("currentVersion").get("version").asInt()).as("round " + round).isEqualTo(live);
            String served = http().site(slug, "/").text();
            String expected = http().onHost("v" + live + "--" + slug + ".localhost", "GET", "/").text();
            assertThat(served).as("the site host agrees with getWebsite").isEqualTo(expected);
        }
    }

    @Test
    default void onlyTheOwnerDeletesAndThenEveryReadIs404AndTheSite410() {
        User owner = user("deleter");
        User editor = user("deleted-editor");
        User stranger = user("deleted-stranger");
        String slug = unique("deleted");
        String id = twoVersions(owner, slug).get("websiteId").asString();
        bean(CommandGateway.class).sendAndWait(new AddCollaboratorCommand(new WebsiteId(id), owner.id(),
                editor.id()));
        String path = "/v1/websites/" + id;
        int count = http().get("/v1/websites", owner.token()).json().get("websiteLimits").get("count").asInt();

        Http.Response forbidden = http().send("DELETE", path, editor.token(), null, null);
        assertThat(forbidden.status()).isEqualTo(403);
        assertThat(forbidden.json().get("error").get("code").asString()).isEqualTo("FORBIDDEN");
        Http.Response hidden = http().send("DELETE", path, stranger.token(), null, null);
        assertThat(hidden.status()).isEqualTo(404);
        assertThat(hidden.json().get("error").get("code").asString()).isEqualTo("NOT_FOUND");
        assertThat(http().send("DELETE", path, null, null, null).status()).isEqualTo(401);
        assertThat(http().site(slug, "/").status()).as("still served").isEqualTo(200);

        Http.Response deleted = http().send("DELETE", path, owner.token(), null, null);
        assertThat(deleted.status()).isEqualTo(204);
        assertThat(deleted.raw().body()).isEmpty();

        assertThat(http().site(slug, "/").status()).isEqualTo(410);
        assertThat(http().onHost("v1--" + slug + ".localhost", "GET", "/").status()).isEqualTo(410);
        for (User user : List.of(owner, editor)) {
            assertThat(http().get(path, user.token()).status()).isEqualTo(404);
            assertThat(http().get(path + "/versions", user.token()).status()).isEqualTo(404);
            assertThat(http().post(promote(id, 1), user.token(), "").status()).isEqualTo(404);
            assertThat(http().post(path + "/versions", user.token(), version(null, null, file("index.html", "x")))
                    .status()).isEqualTo(404);
            JsonNode list = http().get("/v1/websites", user.token()).json();
            assertThat(list.get("items").valueStream().map(w -> w.get("id").asString())).doesNotContain(id);
        }
        Http.Response again = http().send("DELETE", path, owner.token(), null, null);
        assertThat(again.status()).as("deleting twice").isEqualTo(404);
        assertThat(again.json().get("error").get("code").asString()).isEqualTo("NOT_FOUND");
        assertThat(http().get("/v1/websites", owner.token()).json().get("websiteLimits").get("count").asInt())
                .isEqualTo(count - 1);
        Http.Response reuse = http().post("/v1/websites", owner.token(), site(slug, "Again", file("index.html", "x")));
        assertThat(reuse.status()).as("the slug stays reserved").isEqualTo(409);
    }
}
