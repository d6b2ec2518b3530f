package io.sites.app.web;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.sha256;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.command.AddCollaboratorCommand;
import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * findMissingDigests answers what a publish by the caller could not name: the account's own files are known, a
 * website's files only to those who may publish to it, another account's never; every answer as the OpenAPI
 * document says, and a publish naming exactly the missing files' bytes goes through in one request.
 */
class MissingDigestsTest extends EmbeddedAppTest {
    private static final String PAGE = "<p>the page, bob's</p>";
    private static final String STYLE = "body { color: teal }";

    @Test
    void onlyTheCallersOwnFilesAndThoseOfWebsitesItMayPublishToAreKnown() {
        JsonNode document = http().get("/v1/openapi.json", null).json();
        Http.Response created = http().post("/v1/websites", BOB, site(unique("digests"), "Digests",
                file("index.html", PAGE), file("style.css", STYLE)));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        String website = created.json().get("websiteId").asString();
        String page = sha256(PAGE);
        String style = sha256(STYLE);
        String fresh = sha256("never published " + unique("x"));

        Http.Response bobs = ask(BOB, null, page, fresh, style, fresh);
        OpenApiTest.check(document, "findMissingDigests", bobs, 200);
        assertThat(missing(bobs)).as("the new file, once").containsExactly(fresh);

        Http.Response alices = ask(ALICE, null, page, style, fresh);
        assertThat(missing(alices)).as("bob's files are nothing to alice").containsExactly(page, style, fresh);
        Http.Response stranger = ask(ALICE, website, page);
        OpenApiTest.check(document, "findMissingDigests", stranger, 404);
        assertThat(stranger.json().path("error").path("code").asString()).isEqualTo("NOT_FOUND");

        // An editor of bob's website may name its files in a publish to it, as a publish would let it.
        bean(CommandGateway.class).sendAndWait(new AddCollaboratorCommand(new WebsiteId(website), account(BOB),
                account(ALICE), Actor.unrecorded(account(BOB))));
        assertThat(missing(ask(ALICE, website, page, style, fresh))).containsExactly(fresh);
        assertThat(missing(ask(ALICE, null, page))).as("still not alice's own").containsExactly(page);

        Http.Response published = http().post("/v1/websites/" + website + "/versions", ALICE, Map.of("files", List.of(
                Map.of("path", "index.html", "sha256", page), Map.of("path", "style.css", "sha256", style),
                file("new.txt", "never published"))));
        assertThat(published.status()).as("one publish, naming what was known: " + published.text()).isEqualTo(201);
    }

    @Test
    void digestsThatAreNoneAreRefusedByName() {
        JsonNode document = http().get("/v1/openapi.json", null).json();
        for (Map<String, Object> body : List.<Map<String, Object>>of(Map.of("sha256", List.of()),
                Map.of("sha256", List.of("ABCDEF".repeat(10) + "ABCD")), Map.of("sha256", List.of("abc")),
                Map.of("websiteId", "web_x"))) {
            Http.Response refused = http().post("/v1/digests/missing", BOB, body);
            OpenApiTest.check(document, "findMissingDigests", refused, 422);
            assertThat(refused.json().path("error").path("code").asString()).isEqualTo("VALIDATION_FAILED");
            assertThat(refused.json().path("error").path("fields").has("sha256")).as(refused.text()).isTrue();
        }
        assertThat(http().post("/v1/digests/missing", null, Map.of("sha256", List.of(sha256("x")))).status())
                .isEqualTo(401);
    }

    private Http.Response ask(String token, String websiteId, String... digests) {
        Map<String, Object> body = new LinkedHashMap<>();
        if (websiteId != null) {
            body.put("websiteId", websiteId);
        }
        body.put("sha256", List.of(digests));
        return http().post("/v1/digests/missing", token, body);
    }

    private static List<String> missing(Http.Response response) {
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        return response.json().path("missing").valueStream().map(JsonNode::asString).toList();
    }

    private AccountId account(String token) {
        return new AccountId(http().get("/v1/me", token).json().path("accountId").asString());
    }

}
