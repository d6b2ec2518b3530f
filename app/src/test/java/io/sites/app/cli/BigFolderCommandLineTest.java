package io.sites.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Bundles;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.app.SitesApplication;
import io.sites.cli.Sites;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * A folder of several thousand files (issue 38, big sites) published through {@code sites publish} against the
 * service on a real port, then republished with one page changed: more new files than an answer lists entries of
 * any other rule (1,000), so every UNKNOWN_DIGEST must be listed for the command line to know what to send, and the
 * second time only the changed page goes. Not timed: bench/big-site measures.
 */
@SpringBootTest(classes = SitesApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
// A documentation site has more pages than the specification's 15: an operator raises the limit for it.
@TestPropertySource(properties = "sites.limits.html-pages=100000")
class BigFolderCommandLineTest extends EmbeddedAppTest {
    private static final int FOLDERS = 3;
    private static final int PAGES_PER_FOLDER = 1_000;

    @TempDir
    Path temp;

    @Test
    void publishesThousandsOfFilesThenSendsOnlyTheChangedOne() throws Exception {
        Path dir = Files.createDirectories(temp.resolve("docs"));
        List<String> paths = site(dir);
        String slug = Bundles.unique("big");

        JsonNode first = publish(dir, slug);
        assertThat(first.path("filesSent").asInt()).isEqualTo(paths.size());

        String changed = "docs1/p500.html";
        Files.writeString(dir.resolve(changed), page(1, 500, "Changed"));
        JsonNode second = publish(dir, slug);
        assertThat(second.path("version").asInt()).isEqualTo(2);
        assertThat(second.path("filesSent").asInt()).isEqualTo(1);
        assertThat(second.path("bytesSent").asLong()).isEqualTo(Files.size(dir.resolve(changed)));

        for (String path : paths) {
            Http.Response served = http().site(slug, "/" + path);
            assertThat(served.status()).as(path).isEqualTo(200);
            assertThat(served.text()).as(path).isEqualTo(Files.readString(dir.resolve(path)));
        }
    }

    /** index.html, and per folder a stylesheet and its pages, each linking the stylesheet, home and the next page. */
    private static List<String> site(Path dir) throws Exception {
        List<String> paths = new ArrayList<>();
        Files.writeString(dir.resolve("index.html"), "<!doctype html><title>Docs</title><a href=\"docs0/p0.html\">Start</a>");
        paths.add("index.html");
        for (int folder = 0; folder < FOLDERS; folder++) {
            Path sub = Files.createDirectories(dir.resolve("docs" + folder));
            Files.writeString(sub.resolve("style.css"), ".f" + folder + " { margin: " + folder + "px }");
            paths.add("docs" + folder + "/style.css");
            for (int page = 0; page < PAGES_PER_FOLDER; page++) {
                Files.writeString(sub.resolve("p" + page + ".html"), page(folder, page, "Page " + page));
                paths.add("docs" + folder + "/p" + page + ".html");
            }
        }
        return paths;
    }

    private static String page(int folder, int page, String text) {
        return "<!doctype html><title>" + text + "</title><link rel=stylesheet href=\"style.css\">"
                + "<a href=\"/index.html\">Home</a> <a href=\"p" + (page + 1) % PAGES_PER_FOLDER + ".html\">Next</a>"
                + "<p>" + text + " of folder " + folder + ".</p>";
    }

    private JsonNode publish(Path dir, String slug) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Sites.run(Map.of("XDG_CONFIG_HOME", temp.resolve("config").toString(), "HOME", temp.toString()),
                new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), uri -> {
                    throw new AssertionError("no browser expected: " + uri);
                }, "--api", "http://127.0.0.1:" + port, "--token", ALICE, "--json", "publish", dir.toString(),
                "--site", slug);
        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(err.toString(StandardCharsets.UTF_8) + printed.substring(0, Math.min(2000,
                printed.length()))).isZero();
        return Http.JSON.readTree(printed);
    }
}
