package io.sites.app.web;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.sha256;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.api.id.AccountId;
import io.sites.api.command.AddCollaboratorCommand;
import io.sites.api.id.WebsiteId;
import io.sites.app.identity.AccessTokens;
import io.sites.app.identity.Accounts;
import io.sites.command.publish.ReadModels;
import java.util.List;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * diffVersions, an extension of the interface, over real HTTP: added, removed, changed and unchanged files from
 * the manifests, sorted by path; a version against itself; who may ask; and the 400 and 404 answers. Runs on
 * PostgreSQL and on the embedded default.
 */
public interface VersionDiffContract {
    Http http();

    <T> T bean(Class<T> type);

    record User(AccountId id, String token) {
    }

    default User diffUser(String prefix) {
        AccountId id = bean(Accounts.class).createIfAbsent(unique(prefix));
        return new User(id, bean(AccessTokens.class).mint(id, "test", null));
    }

    /** Version 1: index, style, old; version 2: index changed, style the same, old removed, two pages added. */
    default String twoVersions(User owner) {
        Http.Response created = http().post("/v1/websites", owner.token(), site(unique("diff"), "Diff",
                file("index.html", "<p>one</p>"), file("style.css", "p{color:red}"), file("old.txt", "old")));
        assertThat(created.status()).isEqualTo(201);
        String id = created.json().get("websiteId").asString();
        assertThat(http().post("/v1/websites/" + id + "/versions", owner.token(), version(false, "second",
                file("index.html", "<p>two!</p>"), file("style.css", "p{color:red}"), file("b.html", "<p>b</p>"),
                file("a.html", "<p>a</p>"))).status()).isEqualTo(201);
        return id;
    }

    @Test
    default void addedRemovedChangedAndUnchangedGoingFromAgainstToVersion() {
        User owner = diffUser("diff-owner");
        String id = twoVersions(owner);

        Http.Response answer = http().get("/v1/websites/" + id + "/versions/2/diff?against=1", owner.token());
        assertThat(answer.status()).as(answer.text()).isEqualTo(200);
        JsonNode diff = answer.json();
        assertThat(paths(diff.get("added"))).containsExactly("a.html", "b.html");
        assertThat(diff.get("added").get(0).get("size").asLong()).isEqualTo(8);
        assertThat(diff.get("added").get(0).get("sha256").asString()).isEqualTo(sha256("<p>a</p>"));
        assertThat(paths(diff.get("removed"))).containsExactly("old.txt");
        assertThat(diff.get("removed").get(0).get("sha256").asString()).isEqualTo(sha256("old"));
        assertThat(paths(diff.get("changed"))).containsExactly("index.html");
        JsonNode changed = diff.get("changed").get(0);
        assertThat(changed.get("before").get("size").asLong()).isEqualTo(10);
        assertThat(changed.get("before").get("sha256").asString()).isEqualTo(sha256("<p>one</p>"));
        assertThat(changed.get("after").get("size").asLong()).isEqualTo(11);
        assertThat(changed.get("after").get("sha256").asString()).isEqualTo(sha256("<p>two!</p>"));
        assertThat(diff.get("unchanged").asInt()).isEqualTo(1);

        JsonNode back = http().get("/v1/websites/" + id + "/versions/1/diff?against=2", owner.token()).json();
        assertThat(paths(back.get("added"))).containsExactly("old.txt");
        assertThat(paths(back.get("removed"))).containsExactly("a.html", "b.html");
        assertThat(back.get("changed").get(0).get("before").get("size").asLong()).isEqualTo(11);
    }

    @Test
    default void aVersionAgainstItselfIsUnchangedThroughout() {
        User owner = diffUser("diff-same");
        String id = twoVersions(owner);
        JsonNode same = http().get("/v1/websites/" + id + "/versions/2/diff?against=2", owner.token()).json();
        assertThat(same.get("added")).isEmpty();
        assertThat(same.get("removed")).isEmpty();
        assertThat(same.get("changed")).isEmpty();
        assertThat(same.get("unchanged").asInt()).isEqualTo(4);
    }

    @Test
    default void editorsMayStrangersAndUnknownVersionsGet404() {
        User owner = diffUser("diff-own");
        User editor = diffUser("diff-editor");
        User stranger = diffUser("diff-stranger");
        String id = twoVersions(owner);
        bean(CommandGateway.class).sendAndWait(new AddCollaboratorCommand(new WebsiteId(id), owner.id(),
                editor.id()));
        // The read model takes the editor asynchronously; a publish or promote waits for it, a command alone not.
        bean(ReadModels.class).awaitWebsite(new WebsiteId(id));
        String path = "/v1/websites/" + id + "/versions/2/diff?against=1";
        assertThat(http().get(path, editor.token()).status()).isEqualTo(200);
        assertThat(http().get(path, null).status()).isEqualTo(401);
        for (String missing : List.of(path.replace("/2/", "/3/"), path.replace("=1", "=3"),
                path.replace("=1", "=0"), path.replace("/2/", "/two/"),
                "/v1/websites/web_doesnotexist/versions/2/diff?against=1")) {
            Http.Response answer = http().get(missing, owner.token());
            assertThat(answer.status()).as(missing).isEqualTo(404);
            assertThat(answer.json().get("error").get("code").asString()).isEqualTo("NOT_FOUND");
        }
        Http.Response hidden = http().get(path, stranger.token());
        assertThat(hidden.status()).isEqualTo(404);
        assertThat(hidden.text()).as("a stranger learns nothing the unknown id does not tell")
                .doesNotContain("old.txt");
    }

    @Test
    default void againstMissingBlankOrNoNumberIs400() {
        User owner = diffUser("diff-bad");
        String id = twoVersions(owner);
        String path = "/v1/websites/" + id + "/versions/2/diff";
        for (String query : List.of("", "?against", "?against=", "?against=%20", "?against=one", "?against=1.0",
                "?against=-1", "?against=1&against=2")) {
            Http.Response answer = http().get(path + query, owner.token());
            assertThat(answer.status()).as(query + ": " + answer.text()).isEqualTo(400);
            JsonNode error = answer.json().get("error");
            assertThat(error.get("code").asString()).isEqualTo("BAD_REQUEST");
            assertThat(error.get("fields").has("against")).as(query).isTrue();
        }
    }

    private static List<String> paths(JsonNode files) {
        return files.valueStream().map(file -> file.get("path").asString()).toList();
    }

}
