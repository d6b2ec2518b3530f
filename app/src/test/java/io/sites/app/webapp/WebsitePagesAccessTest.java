package io.sites.app.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/** Who may do what on a website's pages: the owner manages, an editor gets 403 pages, a stranger 404 pages. */
class WebsitePagesAccessTest extends EmbeddedAppTest {
    private static final String PASSWORD = "correct horse battery";

    @LocalServerPort
    int serverPort;

    @Test
    void ownerManagesEditorIsToldNoStrangerSeesNothing() {
        Browser owner = new Browser(serverPort, "127.0.0.1");
        owner.signUp("pages-owner", PASSWORD);
        owner.get("/app/mcp");
        Matcher minted = Pattern.compile("id=\"token-value\">(sites_pat_[A-Za-z0-9_-]+)<")
                .matcher(owner.post("/app/mcp", Map.of("name", "setup", "expiry", "7")).body());
        assertThat(minted.find()).isTrue();
        String websiteId = http().post("/v1/websites", minted.group(1), Map.of("name", "Pages", "category", "other",
                "files", List.of(Map.of("path", "index.html", "content", "<h1>pages</h1>")))).json()
                .get("websiteId").asString();
        String jobId = http().get("/v1/websites/" + websiteId, minted.group(1)).json().get("currentVersionId")
                .asString();

        Browser editor = new Browser(serverPort, "127.0.0.1");
        editor.signUp("pages-editor", PASSWORD);
        Browser stranger = new Browser(serverPort, "127.0.0.1");
        stranger.signUp("pages-stranger", PASSWORD);

        owner.get("/app/websites/" + websiteId);
        assertThat(owner.post("/app/websites/" + websiteId + "/collaborators", Map.of("username", "nobody-here"))
                .statusCode()).isEqualTo(302);
        assertThat(owner.get("/app/websites/" + websiteId + "/settings").body()).contains("Nobody is called");
        owner.post("/app/websites/" + websiteId + "/collaborators/remove", Map.of("username", "nobody-here"));
        assertThat(owner.get("/app/websites/" + websiteId + "/settings").body())
                .as("the same rule as the operator commands")
                .contains("Nobody is called").doesNotContain("nobody-here is no longer an editor");
        owner.post("/app/websites/" + websiteId + "/collaborators", Map.of("username", "pages-owner"));
        assertThat(owner.get("/app/websites/" + websiteId + "/settings").body()).contains("owns this website already");
        owner.post("/app/websites/" + websiteId + "/collaborators", Map.of("username", "Pages-Editor"));
        assertThat(owner.get("/app/websites/" + websiteId + "/settings").body()).contains("pages-editor is now an editor");

        String page = editor.get("/app/websites/" + websiteId + "/settings").body();
        assertThat(page).contains("Pages").doesNotContain("id=\"invite\"").doesNotContain("site-password");
        assertThat(editor.get("/app/jobs/" + jobId).statusCode()).isEqualTo(200);
        HttpResponse<String> refused = editor.post("/app/websites/" + websiteId + "/collaborators",
                Map.of("username", "pages-stranger"));
        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(refused.body()).contains("Only the owner");
        assertThat(editor.post("/app/websites/" + websiteId + "/password", Map.of("password", "secret1"))
                .statusCode()).isEqualTo(403);

        for (String path : List.of("/app/websites/" + websiteId, "/app/websites/" + websiteId + "/deploys",
                "/app/websites/" + websiteId + "/settings", "/app/websites/" + websiteId + "/history",
                "/app/websites/" + websiteId + "/versions/1/picture", "/app/jobs/" + jobId, "/app/jobs/not-a-job",
                "/app/websites/web_doesnotexist", "/app/no/such/page")) {
            HttpResponse<String> hidden = stranger.get(path);
            assertThat(hidden.statusCode()).as(path).isEqualTo(404);
            assertThat(hidden.body()).contains("Not found").contains("<html");
        }
        stranger.get("/app/websites");
        assertThat(stranger.post("/app/websites/" + websiteId + "/collaborators", Map.of("username", "x"))
                .statusCode()).isEqualTo(404);
        assertThat(stranger.get("/app/websites").body()).doesNotContain(websiteId);
    }
}
