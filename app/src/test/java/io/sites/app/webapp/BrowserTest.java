package io.sites.app.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.NodeScripts;
import io.sites.app.usecases.PublishTimer;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The web application in headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core from
 * src/test/js/browser). Failures leave screenshots in target/browser; every page at both widths is kept in
 * target/browser/screenshots.
 */
@ExtendWith(OutputCaptureExtension.class)
class BrowserTest extends EmbeddedAppTest {
    private static final Path SCREENSHOTS = Path.of("target/browser").toAbsolutePath();

    @LocalServerPort
    int serverPort;

    private Map<String, String> env(String... more) {
        Map<String, String> env = new java.util.HashMap<>(Map.of("BASE_URL", "http://localhost:" + serverPort,
                "SCREENSHOTS", SCREENSHOTS.toString()));
        for (int i = 0; i < more.length; i += 2) {
            env.put(more[i], more[i + 1]);
        }
        return env;
    }

    @Test
    void mintUseAndRevokeAToken(CapturedOutput logs) throws Exception {
        NodeScripts.Outcome outcome = NodeScripts.run("browser/tokens.mjs", env(), 180).succeeded();
        Matcher token = Pattern.compile("TOKEN=(sites_pat_\\S+)").matcher(outcome.stdout());
        assertThat(token.find()).isTrue();
        // No log line of the server ever carries a token.
        assertThat(logs.getAll()).doesNotContain(token.group(1));
    }

    @Test
    void publishFromTheBrowserInviteAnEditorAndUseAPhone() throws Exception {
        Path zip = Files.createTempFile("site", ".zip");
        try (OutputStream file = Files.newOutputStream(zip); ZipOutputStream out = new ZipOutputStream(file)) {
            entry(out, "site/index.html", "<!doctype html><title>Two</title><h1>Version two</h1>");
            entry(out, "site/about.html", "<!doctype html><title>About</title><p>About the zip</p>");
            entry(out, "__MACOSX/site/._index.html", "junk");
        }
        NodeScripts.run("browser/publish.mjs", env("ZIP", zip.toString()), 300).succeeded();
        assertThat(SCREENSHOTS.resolve("phone-website.png")).exists();
    }

    /**
     * Every page at 1280 and 390 px: screenshots kept under target/browser/screenshots, no horizontal overflow; an
     * upload of more than 20 MB shows its progress advancing, and files dropped onto the page are published.
     */
    @Test
    void everyPageAtBothWidthsAndALargeUploadWithProgress() throws Exception {
        Path shots = SCREENSHOTS.resolve("screenshots");
        NodeScripts.Outcome outcome = NodeScripts.run("browser/pages.mjs", env("SCREENSHOTS", shots.toString()), 300)
                .succeeded();
        assertThat(outcome.stdout()).contains("PROGRESS");
        for (String page : new String[] {"login", "signup", "websites-empty", "website-new", "job", "website",
                "website-refused", "website-deploys", "website-settings", "history", "websites", "tokens", "tokens-new",
                "tokens-clients", "consent", "not-found"}) {
            assertThat(shots.resolve(page + "-1280.png")).isNotEmptyFile();
            assertThat(shots.resolve(page + "-390.png")).isNotEmptyFile();
        }
    }

    @Test
    void rollBackAndDeleteAWebsite() throws Exception {
        long websites = publishes("createWebsite");
        long versions = publishes("createWebsiteVersion");
        NodeScripts.run("browser/lifecycle.mjs", env(), 180).succeeded();
        // A wrong delete confirmation, as the eye sees it at each width: the message under the field, in view.
        assertThat(SCREENSHOTS.resolve("screenshots/delete-refused-1280.png")).isNotEmptyFile();
        assertThat(SCREENSHOTS.resolve("screenshots/delete-refused-390.png")).isNotEmptyFile();
        // The pages' publishes are timed like the interface's: one website and two more versions through this door.
        assertThat(publishes("createWebsite") - websites).isEqualTo(1);
        assertThat(publishes("createWebsiteVersion") - versions).isEqualTo(2);
    }

    /** The Usage view and the websites list's summary, charted, at 1280 and 390 px (screenshots kept). */
    @Test
    void usageChartsAtBothWidths() throws Exception {
        NodeScripts.run("browser/usage.mjs", env(), 180).succeeded();
        for (String page : new String[] {"website-usage", "websites-usage"}) {
            assertThat(SCREENSHOTS.resolve("screenshots/" + page + "-1280.png")).isNotEmptyFile();
            assertThat(SCREENSHOTS.resolve("screenshots/" + page + "-390.png")).isNotEmptyFile();
        }
    }

    /** A stored version opened from its previewUrl: its grant's cookie loads the page's stylesheet and image. */
    @Test
    void aPreviewUrlOpensAStoredVersionWithItsFiles() throws Exception {
        assertThat(NodeScripts.run("browser/previews.mjs", env("TOKEN", ALICE), 120).succeeded().stdout())
                .contains("previews: ok");
    }

    /** An agent's draft (publishDraft) claimed by a person who signs in from its claimUrl; it joins their list. */
    @Test
    void aDraftsClaimLinkMovesItIntoThePersonsAccount() throws Exception {
        assertThat(NodeScripts.run("browser/drafts.mjs", env("TOKEN", ALICE), 120).succeeded().stdout())
                .contains("drafts: ok");
        assertThat(SCREENSHOTS.resolve("screenshots/draft-claim-390.png")).isNotEmptyFile();
    }

    /** Successful publishes of one operation timed so far, by whichever door (the context is shared with others). */
    private long publishes(String operation) {
        var timer = bean(MeterRegistry.class).find(PublishTimer.NAME).tags("operation", operation, "outcome", "201")
                .timer();
        return timer == null ? 0 : timer.count();
    }

    private static void entry(ZipOutputStream out, String name, String text) throws IOException {
        out.putNextEntry(new ZipEntry(name));
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.closeEntry();
    }
}
