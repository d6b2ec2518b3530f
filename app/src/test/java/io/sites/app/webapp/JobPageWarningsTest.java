package io.sites.app.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/** The job page lists the warnings its bundle was published with, and shows no such list for a clean bundle. */
class JobPageWarningsTest extends EmbeddedAppTest {

    @LocalServerPort
    int serverPort;

    @Test
    void theJobPageListsBrokenLinksWithTheirLines() {
        Browser person = new Browser(serverPort, "127.0.0.1");
        person.signUp("warned-person", "correct horse battery");
        person.get("/app/mcp");
        Matcher minted = Pattern.compile("id=\"token-value\">(sites_pat_[A-Za-z0-9_-]+)<")
                .matcher(person.post("/app/mcp", Map.of("name", "setup", "expiry", "7")).body());
        assertThat(minted.find()).isTrue();
        String token = minted.group(1);

        String warned = http().post("/v1/websites", token, Map.of("name", "Warned", "category", "other",
                "files", List.of(Map.of("path", "index.html", "content", "<h1>x</h1>\n<a href=\"menu.html\">m</a>"))))
                .json().get("jobId").asString();
        String page = person.get("/app/jobs/" + warned).body();
        assertThat(page).contains("id=\"job-warnings\"", "BROKEN_LINK", "line 2: menu.html", "index.html");

        String clean = http().post("/v1/websites", token, Map.of("name", "Clean", "category", "other",
                "files", List.of(Map.of("path", "index.html", "content", "<h1>clean</h1>")))).json()
                .get("jobId").asString();
        assertThat(person.get("/app/jobs/" + clean).body()).contains("Publish job")
                .doesNotContain("id=\"job-warnings\"");
    }
}
