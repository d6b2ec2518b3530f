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
 * second time only the changed page goes; and a folder larger than one request body, whose files go ahead in
 * batches (uploadFiles) before one publish names them all by digest. Not timed: bench/big-site measures.
 */
@SpringBootTest(classes = SitesApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
// A documentation site has more pages than the specification's 15: an operator raises the limit for it.
// A request body of at most 20 MB, so that a folder of 30 MB cannot go in one.
@TestPropertySource(properties = {"sites.limits.html-pages=100000", "sites.limits.request-bytes=20000000"})
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

    @Test
    void aFolderLargerThanARequestBodyGoesAheadInBatches() throws Exception {
        Path dir = Files.createDirectories(temp.resolve("large"));
        String slug = Bundles.unique("large");
        Files.writeString(dir.resolve("index.html"), "<!doctype html><title>Large</title><a href=\"p0.html\">0</a>");
        String text = "A page of a large manual. ".repeat(30_000); // 780 KB
        for (int page = 0; page < 40; page++) {
            Files.writeString(dir.resolve("p" + page + ".html"), "<!doctype html><title>" + page + "</title><p>"
                    + page + " " + text + "</p>");
        }
        byte[] image = new byte[300_000];
        new java.util.Random(38).nextBytes(image);
        Files.write(dir.resolve("photo.jpg"), image);

        JsonNode published = publish(dir, slug);
        assertThat(published.path("filesSent").asInt()).isEqualTo(42);
        assertThat(published.path("bytesSent").asLong()).as("about 31 MB, over the 20 MB a request may carry")
                .isGreaterThan(30_000_000);
        assertThat(http().site(slug, "/p39.html").text()).startsWith("<!doctype html><title>39</title><p>39 A page");
        Http.Response photo = http().site(slug, "/photo.jpg");
        assertThat(photo.raw().body()).isEqualTo(image);
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
