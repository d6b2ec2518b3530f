package io.sites.app.web;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.api.id.AccountId;
import io.sites.api.command.AddCollaboratorCommand;
import io.sites.api.command.DeleteWebsiteCommand;
import io.sites.api.site.PreviewGrant;
import io.sites.api.id.WebsiteId;
import io.sites.app.identity.AccessTokens;
import io.sites.app.identity.Accounts;
import io.sites.command.publish.ReadModels;
import java.util.ArrayList;
import java.util.List;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * listWebsites, getWebsite, listWebsiteVersions, suggestSlug and getApiIndex over real HTTP: every field, and the
 * visibility matrix. Runs on PostgreSQL and on the embedded default, with at most 3 websites per account and a
 * free-changes limit of 7 (see the implementing classes).
 */
public interface WebsiteReadsContract {
    Http http();

    <T> T bean(Class<T> type);

    default Accounts accounts() {
        return bean(Accounts.class);
    }

    default AccessTokens tokens() {
        return bean(AccessTokens.class);
    }

    default CommandGateway commands() {
        return bean(CommandGateway.class);
    }

    default ReadModels readModels() {
        return bean(ReadModels.class);
    }

    record User(String name, AccountId id, String token) {
    }

    default User user(String prefix) {
        String name = unique(prefix);
        AccountId id = accounts().createIfAbsent(name);
        return new User(name, id, tokens().mint(id, "test", null));
    }

    default String create(User user, String slug) {
        Http.Response created = http().post("/v1/websites", user.token(), site(slug, "Name of " + slug,
                file("index.html", "<!doctype html><p>one</p>"), file("style.css", "p{}")));
        assertThat(created.status()).isEqualTo(201);
        return created.json().get("websiteId").asString();
    }

    default void share(String websiteId, User owner, User editor) {
        commands().sendAndWait(new AddCollaboratorCommand(new WebsiteId(websiteId), owner.id(), editor.id()));
        readModels().awaitWebsite(new WebsiteId(websiteId));
    }

    @Test
    default void getWebsiteShowsEveryFieldAndEveryVersionWithFiles() {
        User owner = user("owner");
        String slug = unique("full");
        String id = create(owner, slug);
        String second = http().post("/v1/websites/" + id + "/versions", owner.token(),
                version(false, "stored only", file("index.html", "<p>two</p>"))).json().get("jobId").asString();

        Http.Response response = http().get("/v1/websites/" + id, owner.token());
        assertThat(response.status()).isEqualTo(200);
        JsonNode site = response.json();
        assertThat(site.get("id").asString()).isEqualTo(id);
        assertThat(site.get("name").asString()).isEqualTo("Name of " + slug);
        assertThat(site.get("slug").asString()).isEqualTo(slug);
        assertThat(site.get("status").asString()).isEqualTo("active");
        assertThat(site.get("role").asString()).isEqualTo("owner");
        assertThat(site.get("category").asString()).isEqualTo("portfolio");
        assertThat(site.get("description").isNull()).isTrue();
        assertThat(site.get("pageUrl").asString()).isEqualTo("http://" + slug + ".localhost/");
        assertThat(site.get("freeChangesUsed").asInt()).isEqualTo(1);
        assertThat(site.get("freeChangesLimit").asInt()).isEqualTo(7);
        assertThat(site.get("passwordProtected").asBoolean()).isFalse();
        assertThat(site.get("createdAt").asString()).isNotBlank();
        assertThat(site.get("updatedAt").asString()).isNotBlank();

        JsonNode versions = site.get("versions");
        assertThat(versions).hasSize(2);
        JsonNode newest = versions.get(0);
        assertThat(newest.get("id").asString()).isEqualTo(second);
        assertThat(newest.get("jobId").asString()).isEqualTo(second);
        assertThat(newest.get("version").asInt()).isEqualTo(2);
        assertThat(newest.get("kind").asString()).isEqualTo("refinement");
        assertThat(newest.get("status").asString()).isEqualTo("ready");
        assertThat(newest.get("instruction").asString()).isEqualTo("stored only");
        assertThat(newest.get("isCurrent").asBoolean()).isFalse();
        assertThat(newest.get("previewUrl").asString())
                .startsWith("http://v2--" + slug + ".localhost/?" + PreviewGrant.PARAMETER + "=");
        assertThat(newest.get("files")).hasSize(1);
        JsonNode first = versions.get(1);
        assertThat(first.get("kind").asString()).isEqualTo("initial");
        assertThat(first.has("instruction")).isFalse();
        assertThat(first.get("isCurrent").asBoolean()).isTrue();
        assertThat(first.get("files").get(0).get("originalName").asString()).isEqualTo("index.html");
        assertThat(first.get("files").get(0).get("contentType").asString()).startsWith("text/html");
        assertThat(first.get("files").get(0).get("size").asLong()).isEqualTo("<!doctype html><p>one</p>".length());
        assertThat(first.get("files").get(1).get("originalName").asString()).isEqualTo("style.css");

        String currentId = first.get("id").asString();
        assertThat(site.get("currentVersionId").asString()).isEqualTo(currentId);
        JsonNode current = site.get("currentVersion");
        for (String field : List.of("id", "jobId", "version", "kind", "status", "files", "isCurrent", "createdAt")) {
            assertThat(current.get(field)).as(field).isEqualTo(first.get(field));
        }
        assertThat(current.get("totalBytes").asLong()).isEqualTo("<!doctype html><p>one</p>".length() + 3);
    }

    @Test
    default void listWebsiteVersionsIsNewestFirstWithFiles() {
        User owner = user("owner");
        String slug = unique("versions");
        String id = create(owner, slug);
        for (int n = 2; n <= 4; n++) {
            http().post("/v1/websites/" + id + "/versions", owner.token(),
                    version(n != 4, "v" + n, file("index.html", "<p>" + n + "</p>")));
        }
        Http.Response response = http().get("/v1/websites/" + id + "/versions", owner.token());
        assertThat(response.status()).isEqualTo(200);
        JsonNode versions = response.json().get("versions");
        List<Integer> numbers = new ArrayList<>();
        versions.forEach(v -> numbers.add(v.get("version").asInt()));
        assertThat(numbers).containsExactly(4, 3, 2, 1);
        assertThat(versions.get(0).get("isCurrent").asBoolean()).isFalse();
        assertThat(versions.get(1).get("isCurrent").asBoolean()).isTrue();
        assertThat(versions.get(0).get("files").get(0).get("size").asInt()).isEqualTo("<p>4</p>".length());
        assertThat(versions.get(3).get("files")).hasSize(2);
    }

    @Test
    default void listWebsitesShowsRolesOwnerNamesLimitsAndHidesDeletedWebsites() {
        User owner = user("owner");
        User editor = user("editor");
        String older = create(owner, unique("older"));
        String shared = create(owner, unique("shared"));
        share(shared, owner, editor);
        String own = create(editor, unique("own"));

        JsonNode mine = http().get("/v1/websites", owner.token()).json();
        assertThat(ids(mine.get("items"))).containsExactly(shared, older);
        assertThat(mine.get("websites")).isEqualTo(mine.get("items"));
        assertThat(mine.get("websiteLimits").get("count").asInt()).isEqualTo(2);
        assertThat(mine.get("websiteLimits").get("max").asInt()).isEqualTo(3);
        assertThat(mine.get("websiteLimits").get("canCreate").asBoolean()).isTrue();
        JsonNode item = mine.get("items").get(0);
        assertThat(item.get("role").asString()).isEqualTo("owner");
        assertThat(item.has("ownerName")).isFalse();
        assertThat(item.get("status").asString()).isEqualTo("active");
        assertThat(item.get("pageUrl").asString()).endsWith(".localhost/");
        assertThat(item.get("currentVersionId").asString()).startsWith("job_");
        assertThat(item.get("latestJobStatus").asString()).isEqualTo("ready");
        assertThat(item.get("paid").asBoolean()).isFalse();
        assertThat(item.get("subscription").isNull()).isTrue();
        assertThat(item.get("updatedAt").asString()).isNotBlank();

        JsonNode theirs = http().get("/v1/websites", editor.token()).json();
        assertThat(ids(theirs.get("items"))).containsExactly(own, shared);
        JsonNode editing = theirs.get("items").get(1);
        assertThat(editing.get("role").asString()).isEqualTo("editor");
        assertThat(editing.get("ownerName").asString()).isEqualTo(owner.name());
        assertThat(theirs.get("websiteLimits").get("count").asInt()).isEqualTo(1);

        commands().sendAndWait(new DeleteWebsiteCommand(new WebsiteId(older), owner.id()));
        readModels().awaitWebsite(new WebsiteId(older));
        assertThat(ids(http().get("/v1/websites", owner.token()).json().get("items"))).containsExactly(shared);
        assertThat(http().get("/v1/websites/" + older, owner.token()).status()).isEqualTo(404);
        assertThat(http().get("/v1/websites/" + older + "/versions", owner.token()).status()).isEqualTo(404);
        assertThat(http().get("/v1/websites", null).status()).isEqualTo(401);
    }

    @Test
    default void createWebsiteIsRefusedAtTheLimitWithItsOwnCode() {
        User owner = user("limited");
        for (int n = 0; n < 3; n++) {
            create(owner, unique("limit"));
        }
        JsonNode list = http().get("/v1/websites", owner.token()).json();
        assertThat(list.get("websiteLimits").get("canCreate").asBoolean()).isFalse();
        Http.Response refused = http().post("/v1/websites", owner.token(), site(null, "One too many",
                file("index.html", "<p>x</p>")));
        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.json().get("error").get("code").asString()).isEqualTo("WEBSITE_LIMIT_REACHED");
    }

    @Test
    default void visibilityOwnerAndEditorSeeEverythingStrangersGet404() {
        User owner = user("owner");
        User editor = user("editor");
        User stranger = user("stranger");
        String id = create(owner, unique("matrix"));
        share(id, owner, editor);
        String job = http().get("/v1/websites/" + id, owner.token()).json().get("currentVersionId").asString();

        for (User caller : List.of(owner, editor)) {
            assertThat(http().get("/v1/websites/" + id, caller.token()).status()).isEqualTo(200);
            assertThat(http().get("/v1/websites/" + id + "/versions", caller.token()).status()).isEqualTo(200);
            assertThat(http().get("/v1/jobs/" + job, caller.token()).status()).isEqualTo(200);
            Http.Response published = http().post("/v1/websites/" + id + "/versions", caller.token(),
                    version(null, "by " + caller.name(), file("index.html", "<p>hi</p>")));
            assertThat(published.status()).isEqualTo(201);
            assertThat(http().get("/v1/jobs/" + published.json().get("jobId").asString(), caller.token()).status())
                    .isEqualTo(200);
        }
        assertThat(http().get("/v1/websites/" + id, editor.token()).json().get("role").asString())
                .isEqualTo("editor");
        for (String missing : List.of(id, "web_doesnotexist000000000000", "not-an-id")) {
            for (Http.Response response : List.of(
                    http().get("/v1/websites/" + missing, stranger.token()),
                    http().get("/v1/websites/" + missing + "/versions", stranger.token()),
                    http().post("/v1/websites/" + missing + "/versions", stranger.token(),
                            version(null, null, file("index.html", "<p>x</p>"))))) {
                assertThat(response.status()).as(missing).isEqualTo(404);
                assertThat(response.json().get("error").get("code").asString()).isEqualTo("NOT_FOUND");
            }
        }
        assertThat(http().get("/v1/jobs/" + job, stranger.token()).status()).isEqualTo(404);
        assertThat(http().get("/v1/websites", stranger.token()).json().get("items")).isEmpty();
    }

    @Test
    default void suggestSlugNormalisesAndAlwaysOffersAnAvailableSlug() {
        User owner = user("slugs");
        String taken = unique("taken");
        create(owner, taken);

        JsonNode free = suggest(owner, "fresh-bakery-" + System.nanoTime() % 100000);
        assertThat(free.get("valid").asBoolean()).isTrue();
        assertThat(free.get("available").asBoolean()).isTrue();
        assertThat(free.get("suggestion").asString()).isEqualTo(free.get("slug").asString());
        assertThat(free.has("message")).isFalse();
        assertThat(free.get("pageUrl").asString()).isEqualTo("http://" + free.get("slug").asString() + ".localhost/");

        JsonNode busy = suggest(owner, taken);
        assertThat(busy.get("slug").asString()).isEqualTo(taken);
        assertThat(busy.get("valid").asBoolean()).isTrue();
        assertThat(busy.get("available").asBoolean()).isFalse();
        assertThat(busy.get("suggestion").asString()).isEqualTo(taken + "-2");
        assertThat(busy.get("message").asString()).contains("taken");

        JsonNode name = suggest(owner, "Café Müller & Söhne");
        assertThat(name.get("slug").asString()).isEqualTo("cafe-muller-sohne");
        assertThat(name.get("valid").asBoolean()).isFalse();
        assertThat(name.get("available").asBoolean()).isFalse();
        assertThat(name.get("suggestion").asString()).startsWith("cafe-muller-sohne");
        // A name is not refused as a taken slug would be: the message says what happened and what to do.
        assertThat(name.get("message").asString()).startsWith("'Café Müller & Söhne' is a name, not a slug, so as "
                + "given it is neither valid nor available; its slug form cafe-muller-sohne is ")
                .endsWith(": use the suggestion "
                + name.get("suggestion").asString() + ".");
        JsonNode takenName = suggest(owner, taken.toUpperCase(java.util.Locale.ROOT));
        assertThat(takenName.get("message").asString()).isEqualTo("'" + taken.toUpperCase(java.util.Locale.ROOT)
                + "' is a name, not a slug, so as given it is neither valid nor available; its slug form " + taken
                + " is taken: use the suggestion " + taken + "-2.");
        JsonNode reservedName = suggest(owner, "WWW");
        assertThat(reservedName.get("message").asString()).startsWith("'WWW' is a name, not a slug, so as given it "
                + "is neither valid nor available; its slug form www is not usable either (The slug 'www' is reserved");

        for (String odd : List.of("!!!", "www", "42", "a", "x".repeat(120), "--", "Ω")) {
            JsonNode answer = suggest(owner, odd);
            String suggestion = answer.get("suggestion").asString();
            assertThat(io.sites.api.site.Slug.isValid(suggestion)).as(odd + " → " + suggestion).isTrue();
            assertThat(answer.get("available").asBoolean()).isFalse();
        }
        assertThat(http().get("/v1/slugs/suggest", owner.token()).status()).isEqualTo(422);
        assertThat(http().get("/v1/slugs/suggest?value=", owner.token()).status()).isEqualTo(422);
        assertThat(http().get("/v1/slugs/suggest?value=" + "x".repeat(121), owner.token()).status()).isEqualTo(422);
        assertThat(http().get("/v1/slugs/suggest?value=abc", null).status()).isEqualTo(401);
    }

    @Test
    default void apiIndexIsPublicAndLinksTheOpenApiDocument() {
        Http.Response index = http().get("/v1", null);
        assertThat(index.status()).isEqualTo(200);
        JsonNode body = index.json();
        assertThat(body.get("name").asString()).isNotBlank();
        assertThat(body.get("version").asString()).isEqualTo("1.0.0");
        for (String link : List.of("openapi", "mcp", "protectedResourceMetadata", "tokens", "documentation", "llms")) {
            assertThat(body.get(link).asString()).as(link).startsWith("http://localhost:");
        }
        assertThat(body.get("openapi").asString()).endsWith("/v1/openapi.json");
    }

    private JsonNode suggest(User user, String value) {
        Http.Response response = http().get("/v1/slugs/suggest?value="
                + java.net.URLEncoder.encode(value, java.nio.charset.StandardCharsets.UTF_8), user.token());
        assertThat(response.status()).as(value).isEqualTo(200);
        return response.json();
    }

    private static List<String> ids(JsonNode items) {
        List<String> ids = new ArrayList<>();
        items.forEach(item -> ids.add(item.get("id").asString()));
        return ids;
    }
}
