package io.sites.app.web;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.api.id.AccountId;
import io.sites.api.Door;
import io.sites.api.event.WebsiteDeleted;
import io.sites.app.identity.AccessTokens;
import io.sites.app.identity.Accounts;
import io.sites.app.webapp.Browser;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * getHistory (an extension) over real HTTP: every kind of event a person causes, newest first, with who acted and
 * through which door (a personal token over REST and MCP, the web application), pages by limit and before, and
 * the same visibility as every read. Runs on PostgreSQL (snapshots every 5 events, which the history must not
 * start from) and on the embedded default. OAuth and operator doors: OAuthFlowTest and OperatorCommandsTest.
 */
public interface HistoryContract {
    String PASSWORD = "correct horse battery";

    Http http();

    <T> T bean(Class<T> type);

    /** A person signed in to the web application, with a personal token of the given name. */
    record Person(String name, AccountId id, String token, Browser browser) {
    }

    default Person person(String prefix, String tokenName) {
        String name = unique(prefix);
        Browser browser = new Browser(http().port(), "127.0.0.1");
        assertThat(browser.signUp(name, PASSWORD).statusCode()).isEqualTo(302);
        AccountId id = bean(Accounts.class).byUsername(name).orElseThrow();
        return new Person(name, id, bean(AccessTokens.class).mint(id, tokenName, null), browser);
    }

    default String history(String websiteId) {
        return "/v1/websites/" + websiteId + "/history";
    }

    default List<String> types(JsonNode page) {
        return page.get("items").valueStream().map(item -> item.get("type").asString()).toList();
    }

    @Test
    default void everyEventShowsWhoActedAndThroughWhichDoor() {
        Person owner = person("hist-owner", "laptop");
        Person editor = person("hist-editor", "ci");
        Person stranger = person("hist-stranger", "other");
        String slug = unique("history");
        String id = http().post("/v1/websites", owner.token(), site(slug, "History",
                file("index.html", "<p>one</p>"))).json().get("websiteId").asString();
        String page = "/app/websites/" + id;
        owner.browser().get(page);
        owner.browser().post(page + "/collaborators", Map.of("username", editor.name()));
        Http.Response second = http().mcp(editor.token(), """
                {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"publish_version","arguments":
                 {"websiteId":"%s","message":"from the agent","promote":false,
                  "files":[{"path":"index.html","content":"<p>two</p>"},{"path":"a.css","content":"p{}"}]}}}"""
                .formatted(id));
        assertThat(second.json().path("result").path("isError").asBoolean(true)).as(second.text()).isFalse();
        owner.browser().get(page);
        assertThat(owner.browser().post(page + "/versions/2/promote", Map.of()).statusCode()).isEqualTo(302);
        owner.browser().get(page);
        owner.browser().post(page + "/password", Map.of("password", "open sesame", "action", "set"));
        owner.browser().get(page);
        owner.browser().post(page + "/password", Map.of("action", "clear"));
        assertThat(http().post("/v1/websites/" + id + "/versions", editor.token(),
                version(true, null, file("index.html", "<p>three</p>"))).status()).isEqualTo(201);
        assertThat(http().get(history(id), editor.token()).status()).as("an editor sees it").isEqualTo(200);
        owner.browser().get(page);
        owner.browser().post(page + "/collaborators/remove", Map.of("username", editor.name()));

        Http.Response read = http().get(history(id), owner.token());
        assertThat(read.status()).as(read.text()).isEqualTo(200);
        JsonNode body = read.json();
        assertThat(body.has("next")).as("one page holds it all").isFalse();
        assertThat(types(body)).containsExactly("collaborator.removed", "version.published", "password.cleared",
                "password.set", "version.promoted", "version.published", "collaborator.added", "version.published",
                "website.created");
        JsonNode items = body.get("items");
        List<Integer> seqs = items.valueStream().map(item -> item.get("seq").asInt()).toList();
        assertThat(seqs).containsExactly(8, 7, 6, 5, 4, 3, 2, 1, 0);
        items.forEach(item -> assertThat(item.get("at").asString()).matches("\\d{4}-\\d\\d-\\d\\dT.*Z"));

        actor(items.get(8), owner, Door.TOKEN, "laptop");
        assertThat(items.get(8).get("details").get("slug").asString()).isEqualTo(slug);
        actor(items.get(7), owner, Door.TOKEN, "laptop");
        assertThat(items.get(7).get("version").asInt()).isEqualTo(1);
        assertThat(items.get(7).get("details").get("kind").asString()).isEqualTo("initial");
        actor(items.get(6), owner, Door.WEB, null);
        assertThat(items.get(6).get("details").get("username").asString()).isEqualTo(editor.name());
        assertThat(items.get(6).get("details").get("accountId").asString()).isEqualTo(editor.id().value());
        actor(items.get(5), editor, Door.TOKEN, "ci");
        JsonNode published = items.get(5).get("details");
        assertThat(items.get(5).get("version").asInt()).isEqualTo(2);
        assertThat(published.get("message").asString()).isEqualTo("from the agent");
        assertThat(published.get("files").asInt()).isEqualTo(2);
        assertThat(published.get("bytes").asLong()).isEqualTo("<p>two</p>".length() + "p{}".length());
        assertThat(published.get("kind").asString()).isEqualTo("refinement");
        assertThat(published.get("promote").asBoolean()).isFalse();
        actor(items.get(4), owner, Door.WEB, null);
        assertThat(items.get(4).get("version").asInt()).isEqualTo(2);
        assertThat(items.get(4).get("details").get("previousVersion").asInt()).isEqualTo(1);
        actor(items.get(3), owner, Door.WEB, null);
        assertThat(items.get(3).has("version")).isFalse();
        actor(items.get(2), owner, Door.WEB, null);
        actor(items.get(1), editor, Door.TOKEN, "ci");
        assertThat(items.get(1).get("version").asInt()).isEqualTo(3);
        actor(items.get(0), owner, Door.WEB, null);
        assertThat(items.get(0).get("details").get("username").asString()).isEqualTo(editor.name());

        // The website's History view shows the same history, newest first, in words (the wire type only in data).
        String html = owner.browser().get(page + "/history").body();
        assertThat(html.replaceAll("data-type=\"[^\"]*\"", "")).doesNotContain("collaborator.removed")
                .doesNotContain("website.created");
        assertThat(html).contains("id=\"history-entries\"").doesNotContain("history-older");
        assertThat(html.indexOf("data-type=\"collaborator.removed\""))
                .isLessThan(html.indexOf("data-type=\"website.created\"")).isPositive();

        // Visibility: a former editor and a stranger get 404, as does a deleted website.
        assertThat(http().get(history(id), editor.token()).status()).isEqualTo(404);
        Http.Response hidden = http().get(history(id), stranger.token());
        assertThat(hidden.status()).isEqualTo(404);
        assertThat(hidden.json().get("error").get("code").asString()).isEqualTo("NOT_FOUND");
        assertThat(http().get(history("web_nosuchwebsite0000000"), owner.token()).status()).isEqualTo(404);
        assertThat(http().send("DELETE", "/v1/websites/" + id, owner.token(), null, null).status()).isEqualTo(204);
        assertThat(http().get(history(id), owner.token()).status()).isEqualTo(404);
        Object last = bean(EventStore.class).readEvents(id, 9).asStream().findFirst().orElseThrow().getPayload();
        assertThat(last).isInstanceOfSatisfying(WebsiteDeleted.class, deleted -> {
            assertThat(deleted.actor().via()).isEqualTo(Door.TOKEN);
            assertThat(deleted.actor().credential()).isEqualTo("laptop");
        });
    }

    private static void actor(JsonNode item, Person who, Door door, String credential) {
        JsonNode actor = item.get("actor");
        assertThat(actor.get("accountId").asString()).as(item.toString()).isEqualTo(who.id().value());
        assertThat(actor.get("name").asString()).as(item.toString()).isEqualTo(who.name());
        assertThat(actor.get("via").asString()).as(item.toString()).isEqualTo(door.wire());
        assertThat(actor.has("credential")).as(item.toString()).isEqualTo(credential != null);
        if (credential != null) {
            assertThat(actor.get("credential").asString()).isEqualTo(credential);
        }
    }

    @Test
    default void pagesWalkBackWithLimitAndBefore() {
        Person owner = person("hist-pages", "pages");
        String id = http().post("/v1/websites", owner.token(), site(unique("paged"), "Paged",
                file("index.html", "<p>1</p>"))).json().get("websiteId").asString();
        for (int v = 2; v <= 7; v++) {
            assertThat(http().post("/v1/websites/" + id + "/versions", owner.token(),
                    version(null, "v" + v, file("index.html", "<p>" + v + "</p>"))).status()).isEqualTo(201);
        }
        JsonNode all = http().get(history(id), owner.token()).json();
        assertThat(all.get("items").size()).as("default 50, all eight").isEqualTo(8);
        assertThat(all.has("next")).isFalse();

        List<JsonNode> walked = new ArrayList<>();
        List<String> cursors = new ArrayList<>();
        String next = null;
        do {
            JsonNode page = http().get(history(id) + "?limit=3" + (next == null ? "" : "&before=" + next),
                    owner.token()).json();
            page.get("items").forEach(walked::add);
            next = page.has("next") ? page.get("next").asString() : null;
            cursors.add(next);
        } while (next != null);
        assertThat(cursors).containsExactly("5", "2", null);
        assertThat(walked).containsExactlyElementsOf(all.get("items").valueStream().toList());
        assertThat(http().get(history(id) + "?limit=100&before=1", owner.token()).json().get("items").size())
                .isEqualTo(1);
        assertThat(http().get(history(id) + "?before=0", owner.token()).json().get("items").size()).isZero();

        for (String bad : List.of("limit=0", "limit=101", "limit=abc", "limit=1.5", "limit=-1", "limit=",
                "before=x", "before=-3", "before=99999999999")) {
            Http.Response refused = http().get(history(id) + "?" + bad, owner.token());
            assertThat(refused.status()).as(bad).isEqualTo(400);
            JsonNode error = refused.json().get("error");
            assertThat(error.get("code").asString()).as(bad).isEqualTo("BAD_REQUEST");
            assertThat(error.get("fields").has(bad.substring(0, bad.indexOf('=')))).as(bad).isTrue();
        }
        assertThat(http().get(history(id) + "?limit=100", owner.token()).status()).isEqualTo(200);
        assertThat(http().get(history(id) + "?limit=1", owner.token()).json().get("next").asString()).isEqualTo("7");
    }
}
