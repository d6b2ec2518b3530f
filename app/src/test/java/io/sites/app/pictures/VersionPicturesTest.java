package io.sites.app.pictures;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.id.AccountId;
import io.sites.api.id.WebsiteId;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.app.NodeScripts;
import io.sites.app.identity.Accounts;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;

/**
 * The picture worker with Debian's Chromium (/usr/bin/chromium, as the browser tests use it) and without it: a
 * published version, live or only stored, is photographed once after the publish, through the site server on
 * loopback (its stylesheet loaded, so the preview grant's cookie worked); a missing Chromium records why and leaves
 * the version without a picture, so the pages show the site's icon or letter.
 */
@TestPropertySource(properties = "sites.pictures.enabled=true")
class VersionPicturesTest extends EmbeddedAppTest {
    private static final String PAGE = "<!doctype html><title>Orange</title><link rel=stylesheet href=site.css>"
            + "<h1>Pictured</h1>";
    private static final String CSS = "html, body { margin: 0; background: #ff8800; color: #ffffff }";

    @Test
    void aLiveAndAStoredVersionArePhotographedOnceThroughTheSiteServer() throws Exception {
        long start = System.nanoTime();
        String websiteId = publish();
        Http.Response stored = http().post("/v1/websites/" + websiteId + "/versions", ALICE, version(false, null,
                file("index.html", PAGE.replace("Pictured", "Stored")), file("site.css",
                        CSS.replace("#ff8800", "#0088ff"))));
        assertThat(stored.status()).as(stored.text()).isEqualTo(201);
        VersionPictures pictures = bean(VersionPictures.class);
        WebsiteId id = new WebsiteId(websiteId);

        assertThat(awaitOutcome(id, 1)).isEqualTo("rendered");
        assertThat(awaitOutcome(id, 2)).isEqualTo("rendered");
        // A figure, not an assertion: publish of two versions to both pictures stored, on this machine.
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertThat(pictures.versionsWithPictures(id)).containsExactlyInAnyOrder(1, 2);
        BufferedImage live = image(pictures.open(id, 1));
        BufferedImage draft = image(pictures.open(id, 2));
        System.out.println("PICTURES two_versions_ms=" + millis + " live=" + live.getWidth() + "x" + live.getHeight()
                + " corner=" + Integer.toHexString(live.getRGB(5, live.getHeight() - 5) & 0xffffff)
                + " stored=" + Integer.toHexString(draft.getRGB(5, draft.getHeight() - 5) & 0xffffff));
        assertThat(live.getWidth()).isEqualTo(1280);
        assertThat(live.getHeight()).isEqualTo(800);
        // The page's own stylesheet painted it: the site server served the version, files and all.
        assertThat(live.getRGB(5, live.getHeight() - 5) & 0xffffff).isEqualTo(0xff8800);
        assertThat(draft.getRGB(5, draft.getHeight() - 5) & 0xffffff).isEqualTo(0x0088ff);
    }

    @Test
    void withoutChromiumTheVersionHasNoPictureAndSaysWhy() throws Exception {
        String websiteId = publish();
        WebsiteId id = new WebsiteId(websiteId);
        awaitOutcome(id, 1);
        // Taken again, as if this replica had no Chromium: the operator's path names a binary that is not there.
        bean(JdbcTemplate.class).update("delete from version_picture where website_id = ?", websiteId);
        PictureWorker worker = bean(PictureWorker.class);
        Path missing = Files.createTempDirectory("no-chromium").resolve("chromium");
        worker.render(id, 1, owner(websiteId), new Chromium(missing, Duration.ofSeconds(30), 1280, 800));

        VersionPictures pictures = bean(VersionPictures.class);
        assertThat(pictures.outcome(id, 1)).contains("no Chromium at " + missing);
        assertThat(pictures.versionsWithPictures(id)).isEmpty();
        assertThat(pictures.open(id, 1)).isEmpty();
        // Once per version: another attempt does nothing, the recorded outcome stays.
        worker.render(id, 1, owner(websiteId), worker.chromium());
        assertThat(pictures.outcome(id, 1)).contains("no Chromium at " + missing);
    }

    @Test
    void aDeletedWebsiteAndAPrunedVersionLoseTheirPictures() throws Exception {
        String websiteId = publish();
        WebsiteId id = new WebsiteId(websiteId);
        for (int v = 2; v <= 3; v++) {
            Http.Response published = http().post("/v1/websites/" + websiteId + "/versions", ALICE, version(false,
                    null, file("index.html", PAGE.replace("Pictured", "Version " + v)), file("site.css", CSS)));
            assertThat(published.status()).as(published.text()).isEqualTo(201);
        }
        for (int v = 1; v <= 3; v++) {
            awaitOutcome(id, v);
        }
        Http.Response kept = http().send("PATCH", "/v1/websites/" + websiteId, ALICE, "application/json",
                "{\"retainVersions\": 1}");
        assertThat(kept.status()).as(kept.text()).isEqualTo(200);
        VersionPictures pictures = bean(VersionPictures.class);
        // Version 1 is live and 3 the newest: retention keeps both and prunes 2, and its picture goes with it.
        assertThat(pictures.outcome(id, 2)).as("the pruned version's picture").isEmpty();
        assertThat(pictures.outcome(id, 1)).isPresent();
        assertThat(pictures.outcome(id, 3)).isPresent();
        assertThat(http().send("DELETE", "/v1/websites/" + websiteId, ALICE, null, null).status()).isEqualTo(204);
        for (int v = 1; v <= 3; v++) {
            assertThat(pictures.outcome(id, v)).as("version " + v).isEmpty();
        }
        assertThat(bean(JdbcTemplate.class).queryForObject("select count(*) from version_picture where website_id = ?",
                Integer.class, websiteId)).isZero();
    }

    /**
     * The dashboard with the worker's pictures, in Chromium through playwright-core: the card, the overview and the
     * deploys show the picture, served by the web application under its CSP; screenshots in
     * target/browser/screenshots (pictures-*).
     */
    @Test
    void theDashboardShowsThePicturesAtBothWidths() throws Exception {
        Path shots = Path.of("target/browser/screenshots").toAbsolutePath();
        NodeScripts.run("browser/pictures.mjs", Map.of("BASE_URL", "http://localhost:" + http().port(),
                "SCREENSHOTS", shots.toString()), 300).succeeded();
        for (String page : new String[] {"pictures-website", "pictures-deploys", "pictures-websites"}) {
            assertThat(shots.resolve(page + "-1280.png")).isNotEmptyFile();
            assertThat(shots.resolve(page + "-390.png")).isNotEmptyFile();
        }
    }

    /**
     * A hostile page: images and a script aimed at a service on this machine's loopback (by IP literal, which no
     * host-resolver rule sees) and at another host, and a script that would repaint the page. The picture shows the
     * page as its HTML and CSS draw it, and nothing but the site server was ever reached.
     */
    @Test
    void aPublishedPageReachesNothingButItsOwnSiteAndRunsNoScript() throws Exception {
        try (java.net.ServerSocket bait = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            java.util.concurrent.atomic.AtomicInteger reached = new java.util.concurrent.atomic.AtomicInteger();
            Thread.ofVirtual().start(() -> {
                while (!bait.isClosed()) {
                    try (java.net.Socket ignored = bait.accept()) {
                        reached.incrementAndGet();
                    } catch (java.io.IOException closed) {
                        return;
                    }
                }
            });
            String target = "https://127.0.0.1:" + bait.getLocalPort();
            String page = "<!doctype html><title>Bait</title><link rel=stylesheet href=site.css><h1>Bait</h1>"
                    + "<img src=\"" + target + "/img.png\" alt=a><img src=\"https://internal.example/b.png\" alt=b>"
                    + "<script src=app.js></script>";
            String script = "document.documentElement.style.background='#00ff00';"
                    + "fetch('" + target + "/fetch').catch(function(){});";
            Http.Response created = http().post("/v1/websites", ALICE, site(unique("bait"), "Bait",
                    file("index.html", page), file("site.css", CSS), file("app.js", script)));
            assertThat(created.status()).as(created.text()).isEqualTo(201);
            WebsiteId id = new WebsiteId(created.json().get("websiteId").asString());

            assertThat(awaitOutcome(id, 1)).isEqualTo("rendered");
            BufferedImage shot = image(bean(VersionPictures.class).open(id, 1));
            int corner = shot.getRGB(5, shot.getHeight() - 5) & 0xffffff;
            System.out.println("ADVERSARIAL picture-reach: loopback_connections=" + reached.get()
                    + " corner=" + Integer.toHexString(corner));
            assertThat(reached.get()).as("connections the page's browser made to a loopback service").isZero();
            assertThat(corner).as("painted by the page's CSS, not by its script").isEqualTo(0xff8800);
        }
    }

    private String publish() {
        Http.Response created = http().post("/v1/websites", ALICE, site(unique("pic"), "Pictured",
                file("index.html", PAGE), file("site.css", CSS)));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        return created.json().get("websiteId").asString();
    }

    private AccountId owner(String websiteId) {
        return bean(Accounts.class).byUsername("alice").orElseThrow();
    }

    /** The outcome once the worker has one; the worker bounds each picture (30 s), so this wait ends. */
    private String awaitOutcome(WebsiteId id, int version) throws InterruptedException {
        VersionPictures pictures = bean(VersionPictures.class);
        for (int i = 0; i < 600; i++) {
            Optional<String> outcome = pictures.outcome(id, version);
            if (outcome.isPresent()) {
                return outcome.get();
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no outcome for version " + version + " of " + id.value() + " after two minutes");
    }

    private static BufferedImage image(Optional<InputStream> png) throws Exception {
        assertThat(png).isPresent();
        try (InputStream in = png.get()) {
            return ImageIO.read(new ByteArrayInputStream(in.readAllBytes()));
        }
    }
}
