package io.sites.app.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The worked examples as a reader meets them: every curl command of the served /llms.txt runs with bash against the
 * service, as pasted (API, TOKEN and WEBSITE_ID set as the text says), the REST ones on one website and the MCP ones on
 * another, each pair doing the same; and /docs shows exactly the same commands.
 */
class WorkedExamplesTest extends EmbeddedAppTest {
    @LocalServerPort
    int port;

    @Test
    void everyCommandOfTheExamplesRunsAsPastedAndDocsShowsTheSame() throws Exception {
        String llms = http().get("/llms.txt", null).text();
        int start = llms.indexOf("## Worked examples");
        assertThat(start).isNotNegative();
        String section = llms.substring(start, llms.indexOf("\n## ", start + 1));
        List<String> commands = section.lines().filter(line -> line.startsWith("curl ")).toList();
        assertThat(commands).as(section).hasSize(6);

        // REST: publish, edit by base version, roll back.
        JsonNode published = run(commands.get(0), null);
        String websiteId = published.get("websiteId").asString();
        String slug = published.get("slug").asString();
        assertThat(published.get("version").asInt()).isEqualTo(1);
        assertThat(slug).startsWith("my-bakery");
        assertThat(published.get("bytesWritten").asInt()).isEqualTo(128);
        assertThat(section).as("the answer the text shows").contains("\"version\": 1, \"slug\": \"my-bakery\"",
                "\"bytesWritten\": 128}");
        JsonNode edited = run(commands.get(2), websiteId);
        assertThat(edited.get("version").asInt()).isEqualTo(2);
        assertThat(edited.get("isCurrent").asBoolean()).isTrue();
        assertServes(slug, 200, 404);
        run(commands.get(4), websiteId);
        assertServes(slug, 404, 200);

        // MCP: the same three calls as tools, on a website of their own.
        JsonNode mcpPublished = tool(run(commands.get(1), null));
        String mcpWebsiteId = mcpPublished.get("websiteId").asString();
        String mcpSlug = mcpPublished.get("slug").asString();
        assertThat(mcpPublished.get("version").asInt()).isEqualTo(1);
        assertThat(mcpSlug).startsWith("my-bakery").isNotEqualTo(slug);
        JsonNode mcpEdited = tool(run(commands.get(3), mcpWebsiteId));
        assertThat(mcpEdited.get("version").asInt()).isEqualTo(2);
        assertServes(mcpSlug, 200, 404);
        tool(run(commands.get(5), mcpWebsiteId));
        assertServes(mcpSlug, 404, 200);

        List<String> shown = Jsoup.parse(http().get("/docs", null).text()).select("#examples ~ pre > code").stream()
                .map(Element::wholeText).toList();
        assertThat(shown).as("/docs shows the same commands").containsAll(commands);
    }

    /** about.html (added by the edit) and menu.html (dropped by it) as the live version serves them. */
    private void assertServes(String slug, int about, int menu) {
        assertThat(http().site(slug, "/about.html").status()).isEqualTo(about);
        assertThat(http().site(slug, "/menu.html").status()).isEqualTo(menu);
        assertThat(http().site(slug, "/style.css").status()).isEqualTo(200);
    }

    /** The tool's result, which must not be an error. */
    private static JsonNode tool(JsonNode answer) {
        JsonNode result = answer.get("result");
        assertThat(result.get("isError").asBoolean()).as(answer.toString()).isFalse();
        return result.get("structuredContent");
    }

    /** One command in bash, curl failing on an error status, with the variables the text tells a reader to set. */
    private JsonNode run(String command, String websiteId) throws Exception {
        ProcessBuilder bash = new ProcessBuilder("bash", "-c", "set -eo pipefail\n"
                + "curl() { command curl --fail-with-body \"$@\"; }\n" + command).redirectErrorStream(true);
        bash.environment().put("API", "http://localhost:" + port);
        bash.environment().put("TOKEN", ALICE);
        if (websiteId != null) {
            bash.environment().put("WEBSITE_ID", websiteId);
        }
        Process process = bash.start();
        String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(command + "\n" + said).isZero();
        return Http.JSON.readTree(said);
    }
}
