package io.sites.bundle;

import static io.sites.bundle.BundleFixtures.inputs;
import static io.sites.bundle.BundleFixtures.reader;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.code.Warning;
import io.sites.api.json.PublishFile;
import io.sites.bundle.rules.Listed;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The policy check: BLOCKED_ORIGIN warnings for what a page, stylesheet or script loads from an address the sites'
 * Content-Security-Policy blocks (plain http: and ws: of another origin), never a rejection; https: and wss: pass.
 */
class BundleOriginCheckTest {

    private static List<Warning> warnings(PublishFile file) {
        return reader().read(inputs(List.of(BundleFixtures.INDEX, file))).warnings().stream()
                .filter(w -> w.code().equals("BLOCKED_ORIGIN")).toList();
    }

    private static List<Warning> page(String html) {
        return warnings(PublishFile.text("page.html", "<!doctype html>\n" + html));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            <img src="http://cdn.example.com/a.png" alt="">                     | http://cdn.example.com/a.png  | img-src
            <img srcset="/a.png 1x, http://cdn.example.com/b.png 2x" alt="">     | http://cdn.example.com/b.png  | img-src
            <video poster="http://cdn.example.com/p.jpg"></video>               | http://cdn.example.com/p.jpg  | img-src
            <video><source src="http://cdn.example.com/v.mp4"></video>          | http://cdn.example.com/v.mp4  | media-src
            <audio src="HTTP://cdn.example.com/a.mp3"></audio>                  | HTTP://cdn.example.com/a.mp3  | media-src
            <link rel="icon" href="http://cdn.example.com/favicon.ico">         | http://cdn.example.com/favicon.ico | img-src
            <link rel="preload" as="font" href="http://cdn.example.com/f.woff2"> | http://cdn.example.com/f.woff2 | font-src
            <link rel="preload" as="fetch" href="ws://api.example.com/x">       | ws://api.example.com/x        | connect-src
            <form action="http://forms.example.com/send"></form>                | http://forms.example.com/send | form-action
            <button formaction="http://forms.example.com/b">Go</button>         | http://forms.example.com/b    | form-action
            <p style="background: url(http://cdn.example.com/bg.png)">x</p>     | http://cdn.example.com/bg.png | img-src
            <script>fetch("http://api.example.com/items")</script>              | http://api.example.com/items  | connect-src
            <script>fetch(`http://api.example.com/items/${id}`)</script>        | http://api.example.com/items/ | connect-src
            <script>const ws = new WebSocket('ws://live.example.com/feed')</script> | ws://live.example.com/feed | connect-src
            <script>new EventSource("http://push.example.com/")</script>        | http://push.example.com/      | connect-src
            <script>navigator.sendBeacon("http://stats.example.com/b")</script> | http://stats.example.com/b    | connect-src
            <script>xhr.open("GET", "http://api.example.com/x")</script>        | http://api.example.com/x      | connect-src
            <button onclick="fetch('http://api.example.com/click')">x</button>  | http://api.example.com/click  | connect-src
            """)
    void warnsAboutEachKindOfBlockedLoad(String html, String address, String directive) {
        List<Warning> found = page(html);
        assertThat(found).hasSize(1);
        Warning warning = found.getFirst();
        assertThat(warning.path()).isEqualTo("page.html");
        assertThat(warning.detail()).isEqualTo("line 2: " + address);
        assertThat(warning.message()).startsWith("File \"page.html\" ").contains("\"" + address + "\" at line 2",
                "Content-Security-Policy blocks (" + directive + " allows the site itself, ", "browsers refuse it");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "<img src=\"https://cdn.example.com/a.png\" alt=\"\">",
        "<img src=\"data:image/png;base64,iVBORw0KGgo=\" alt=\"\">",
        "<img src=\"//cdn.example.com/a.png\" alt=\"\">",
        "<a href=\"http://example.com/\">a link is followed, not loaded</a>",
        "<form action=\"https://forms.example.com/send\"></form>",
        "<form action=\"/send\"></form>",
        "<script>fetch(\"https://api.example.com/items\")</script>",
        "<script>fetch(\"/api/items\"); fetch(url)</script>",
        "<script>new WebSocket(\"wss://live.example.com/feed\")</script>",
        "<script>window.open(\"http://example.com/\", \"_blank\")</script>",
        "<script>document.createElementNS(\"http://www.w3.org/2000/svg\", \"svg\")</script>",
        "<script>// fetch(\"http://api.example.com/in-a-comment\")\n</script>",
        "<script>const note = 'fetch(\"http://api.example.com/in-a-string\")'</script>",
        "<p style=\"background: url(https://cdn.example.com/bg.png)\">x</p>",
    })
    void passesWhatThePolicyAllows(String html) {
        assertThat(page(html)).isEmpty();
    }

    @Test
    void scriptsAndStylesheetsAreCheckedAsFilesToo() {
        assertThat(warnings(PublishFile.text("app.js", "\n\nfetch('http://api.example.com/x').then(r => r.json())")))
                .extracting(Warning::detail).containsExactly("line 3: http://api.example.com/x");
        assertThat(warnings(PublishFile.text("site.css", "@font-face { src: url(http://fonts.example.com/a.woff2) }")))
                .extracting(Warning::detail).containsExactly("line 1: http://fonts.example.com/a.woff2");
    }

    @Test
    void aWarningNeverRefusesTheBundle() {
        Bundle bundle = reader().read(inputs(List.of(PublishFile.text("index.html",
                "<!doctype html><title>x</title><img src=\"http://cdn.example.com/a.png\" alt=\"\">"))));
        assertThat(bundle.files()).hasSize(1);
        assertThat(bundle.warnings()).extracting(Warning::code).containsExactly("BLOCKED_ORIGIN");
    }

    /** A hostile script of 100,000 blocked requests: twenty listed, the rest in one counting entry. */
    @Test
    void blockedLoadsAreListedTwentyTimesPerFileThenCounted() {
        StringBuilder script = new StringBuilder();
        for (int i = 0; i < 100_000; i++) {
            script.append("fetch('http://api.example.com/").append(i).append("');\n");
        }
        List<Warning> found = warnings(PublishFile.text("app.js", script.toString()));
        assertThat(found).hasSize(Listed.PER_RULE_AND_FILE + 1);
        assertThat(found.getLast().message()).startsWith("99,980 more BLOCKED_ORIGIN in \"app.js\"");
        System.out.println("ADVERSARIAL blocked-origin-listing: 100,000 blocked fetches in one script -> "
                + found.size() + " warnings");
    }
}
