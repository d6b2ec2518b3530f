package io.sites.app.mcp;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.usecases.DigestEditsContract;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The MCP publish tools take sha256, baseVersion, deletePaths and ifCurrentVersion as the REST bodies do. */
class McpDigestEditsTest extends EmbeddedAppTest {

    @Test
    void publishVersionTakesDigestsAndEditsAndAnswersConflicts() {
        String css = "h1{color:navy} /* " + unique("mcp") + " */";
        String id = http().post("/v1/websites", ALICE, site(unique("mcpdg"), "Mcp digests",
                file("index.html", "<!doctype html><title>1</title>"), file("old.txt", "x"), file("a.css", css)))
                .json().get("websiteId").asString();

        JsonNode edit = call("""
                {"websiteId":"%s","baseVersion":1,"deletePaths":["old.txt"],"ifCurrentVersion":1,
                 "files":[{"path":"b.css","sha256":"%s"}]}""".formatted(id, DigestEditsContract.sha256(css)));
        assertThat(edit.path("isError").asBoolean(true)).as(edit.toString()).isFalse();
        assertThat(edit.path("structuredContent").path("version").asInt()).isEqualTo(2);
        JsonNode files = http().get("/v1/websites/" + id + "/versions", ALICE).json().get("versions").get(0)
                .get("files");
        assertThat(files.findValuesAsString("originalName")).containsExactlyInAnyOrder("index.html", "a.css",
                "b.css");

        JsonNode stale = call("""
                {"websiteId":"%s","ifCurrentVersion":1,"files":[{"path":"index.html","content":"<p>late</p>"}]}"""
                .formatted(id));
        assertThat(stale.path("isError").asBoolean()).isTrue();
        assertThat(stale.path("structuredContent").path("error").path("code").asString())
                .isEqualTo("VERSION_CONFLICT");

        JsonNode unknown = call("""
                {"websiteId":"%s","files":[{"path":"index.html","content":"<p>x</p>"},
                 {"path":"x.png","sha256":"%s"}]}""".formatted(id, "a".repeat(64)));
        assertThat(unknown.path("structuredContent").path("error").path("violations").get(0).path("code")
                .asString()).isEqualTo("UNKNOWN_DIGEST");
    }

    private JsonNode call(String arguments) {
        Http.Response response = http().mcp(ALICE, """
                {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"publish_version","arguments":%s}}"""
                .formatted(arguments));
        return response.json().path("result");
    }
}
