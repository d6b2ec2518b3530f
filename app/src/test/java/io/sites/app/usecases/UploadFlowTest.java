package io.sites.app.usecases;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Bundles;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.app.MovableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import tools.jackson.databind.JsonNode;

/** The upload flow of the spec: allocate, PUT, publish by uploadKey, served byte for byte. */
@Import(MovableClock.InTheContext.class)
class UploadFlowTest extends EmbeddedAppTest {

    @Autowired
    MovableClock clock;

    private static byte[] randomBytes(int size) {
        byte[] bytes = new byte[size];
        new Random(size).nextBytes(bytes);
        return bytes;
    }

    private static Map<String, Object> slotRequest(String path, String contentType, Long size) {
        Map<String, Object> file = new LinkedHashMap<>();
        file.put("path", path);
        if (contentType != null) {
            file.put("contentType", contentType);
        }
        if (size != null) {
            file.put("size", size);
        }
        return file;
    }

    private JsonNode allocate(String token, Map<String, Object>... files) {
        Http.Response response = http().post("/v1/uploads", token, Map.of("files", List.of(files)));
        assertThat(response.status()).as(response.text()).isEqualTo(201);
        return response.json().get("uploads");
    }

    private static Map<String, Object> uploaded(String path, String key) {
        Map<String, Object> file = new LinkedHashMap<>();
        file.put("path", path);
        file.put("uploadKey", key);
        return file;
    }

    @Test
    void allocatePutPublishServesTheSameBytesWithTheRightType() {
        byte[] png = randomBytes(300_000);
        JsonNode slot = allocate(ALICE, slotRequest("images/photo.png", null, (long) png.length)).get(0);
        assertThat(slot.get("path").asString()).isEqualTo("images/photo.png");
        assertThat(slot.get("contentType").asString()).isEqualTo("image/png");
        assertThat(slot.get("uploadKey").asString()).startsWith("upl_");
        assertThat(slot.get("putUrl").asString()).contains("/uploads/");
        assertThat(Instant.parse(slot.get("expiresAt").asString()))
                .isEqualTo(clock.instant().plus(Duration.ofHours(1)));

        Http.Response put = http().putBytes(slot.get("putUrl").asString(), "image/png", png);
        assertThat(put.status()).as(put.text()).isEqualTo(200);
        assertThat(put.json().get("size").asLong()).isEqualTo(png.length);
        assertThat(put.json().get("uploadKey").asString()).isEqualTo(slot.get("uploadKey").asString());

        String slug = Bundles.unique("upl");
        Http.Response published = http().post("/v1/websites", ALICE, Bundles.site(slug, "Uploads",
                Bundles.file("index.html", "<img src=\"images/photo.png\">"),
                uploaded("images/photo.png", slot.get("uploadKey").asString())));
        assertThat(published.status()).as(published.text()).isEqualTo(201);
        Http.Response served = http().site(slug, "/images/photo.png");
        assertThat(served.status()).isEqualTo(200);
        assertThat(served.header("Content-Type")).isEqualTo("image/png");
        assertThat(served.raw().body()).isEqualTo(png);

        Http.Response again = http().post("/v1/websites", ALICE, Bundles.site(null, "Again",
                Bundles.file("index.html", "x"), uploaded("images/photo.png", slot.get("uploadKey").asString())));
        assertThat(again.status()).isEqualTo(422);
        JsonNode violation = again.json().get("error").get("violations").get(0);
        assertThat(violation.get("code").asString()).isEqualTo("UPLOAD_USED");
        assertThat(violation.get("path").asString()).isEqualTo("images/photo.png");
        assertThat(http().putBytes(slot.get("putUrl").asString(), "image/png", png).status())
                .as("a used slot takes no more bytes").isEqualTo(409);
    }

    @Test
    void aSecondPutReplacesTheBytesAndUploadedHtmlIsCheckedByTheRules() {
        JsonNode slot = allocate(ALICE, slotRequest("about.html", null, null)).get(0);
        assertThat(slot.get("contentType").asString()).startsWith("text/html");
        String url = slot.get("putUrl").asString();
        assertThat(http().putBytes(url, "text/html", "<script src=\"https://evil.example/x.js\"></script>"
                .getBytes()).status()).isEqualTo(200);
        Http.Response bad = http().post("/v1/websites", ALICE, Bundles.site(null, "Rules",
                Bundles.file("index.html", "x"), uploaded("about.html", slot.get("uploadKey").asString())));
        assertThat(bad.status()).isEqualTo(422);
        assertThat(bad.json().get("error").get("violations").get(0).get("code").asString())
                .isEqualTo("EXTERNAL_URL");

        assertThat(http().putBytes(url, "text/html; charset=utf-8", "<p>fine</p>".getBytes()).status())
                .as("the failed publish did not use the slot up").isEqualTo(200);
        String slug = Bundles.unique("upl-html");
        assertThat(http().post("/v1/websites", ALICE, Bundles.site(slug, "Rules",
                Bundles.file("index.html", "x"), uploaded("about.html", slot.get("uploadKey").asString())))
                .status()).isEqualTo(201);
        assertThat(http().site(slug, "/about.html").text()).isEqualTo("<p>fine</p>");
    }

    @Test
    void anotherAccountsKeyAndANeverUploadedKeyAreViolationsAndNothingIsPublished() {
        JsonNode slots = allocate(ALICE, slotRequest("a.png", null, null), slotRequest("b.png", null, null));
        assertThat(http().putBytes(slots.get(0).get("putUrl").asString(), "image/png", new byte[] {1, 2})
                .status()).isEqualTo(200);
        String slug = Bundles.unique("upl-bob");
        Http.Response response = http().post("/v1/websites", BOB, Bundles.site(slug, "Bob",
                Bundles.file("index.html", "x"), uploaded("a.png", slots.get(0).get("uploadKey").asString())));
        assertThat(response.status()).isEqualTo(422);
        JsonNode violation = response.json().get("error").get("violations").get(0);
        assertThat(violation.get("code").asString()).isEqualTo("UPLOAD_UNKNOWN");
        assertThat(violation.get("path").asString()).isEqualTo("a.png");
        assertThat(http().site(slug, "/").status()).isEqualTo(404);

        Http.Response missing = http().post("/v1/websites", ALICE, Bundles.site(null, "Missing",
                Bundles.file("index.html", "x"), uploaded("b.png", slots.get(1).get("uploadKey").asString()),
                uploaded("c.png", "upl_nosuchkey")));
        JsonNode violations = missing.json().get("error").get("violations");
        assertThat(violations.get(0).get("code").asString()).isEqualTo("UPLOAD_MISSING");
        assertThat(violations.get(1).get("code").asString()).isEqualTo("UPLOAD_UNKNOWN");
        assertThat(violations.get(1).get("path").asString()).isEqualTo("c.png");
    }

    @Test
    void slotsExpireAnHourAfterAllocation() {
        JsonNode slot = allocate(ALICE, slotRequest("late.png", null, null)).get(0);
        JsonNode early = allocate(ALICE, slotRequest("early.png", null, null)).get(0);
        assertThat(http().putBytes(early.get("putUrl").asString(), "image/png", new byte[] {7}).status())
                .isEqualTo(200);
        clock.advance(Duration.ofMinutes(61));
        Http.Response put = http().putBytes(slot.get("putUrl").asString(), "image/png", new byte[] {1});
        assertThat(put.status()).isEqualTo(410);
        assertThat(put.json().get("error").get("code").asString()).isEqualTo("UPLOAD_EXPIRED");
        Http.Response publish = http().post("/v1/websites", ALICE, Bundles.site(null, "Late",
                Bundles.file("index.html", "x"), uploaded("early.png", early.get("uploadKey").asString())));
        assertThat(publish.status()).isEqualTo(422);
        assertThat(publish.json().get("error").get("violations").get(0).get("code").asString())
                .isEqualTo("UPLOAD_EXPIRED");

        clock.advance(Duration.ofDays(1));
        allocate(ALICE, slotRequest("later.png", null, null));
        assertThat(http().putBytes(slot.get("putUrl").asString(), "image/png", new byte[] {1}).status())
                .as("a day after expiry the account's next allocation has removed the slot").isEqualTo(404);
    }

    @Test
    void createUploadsRefusesOversizeUnpublishableAndRepeatedPaths() {
        Http.Response big = http().post("/v1/uploads", ALICE, Map.of("files",
                List.of(slotRequest("v.mp4", null, 52_428_801L))));
        assertThat(big.status()).isEqualTo(413);
        assertThat(big.json().get("error").get("code").asString()).isEqualTo("FILE_TOO_LARGE");
        assertThat(allocate(ALICE, slotRequest("v.mp4", null, 52_428_800L)).get(0).get("contentType").asString())
                .isEqualTo("video/mp4");

        Http.Response bad = http().post("/v1/uploads", ALICE, Map.of("files", List.of(
                slotRequest("../up.png", null, null), slotRequest("x.png", "text/html", null),
                slotRequest("d.png", null, null), slotRequest("./d.png", null, null))));
        assertThat(bad.status()).isEqualTo(422);
        List<String> codes = bad.json().get("error").get("violations").valueStream()
                .map(v -> v.get("code").asString()).toList();
        assertThat(codes).containsExactly("INVALID_PATH", "CONTENT_TYPE_MISMATCH", "DUPLICATE_PATH");
        assertThat(http().post("/v1/uploads", null, Map.of("files", List.of(slotRequest("a.png", null, null))))
                .status()).isEqualTo(401);
    }

    @Test
    void thePutChecksContentTypeAndSize() {
        JsonNode slot = allocate(ALICE, slotRequest("s.png", null, 10L)).get(0);
        String url = slot.get("putUrl").asString();
        Http.Response wrongType = http().putBytes(url, "image/jpeg", new byte[10]);
        assertThat(wrongType.status()).isEqualTo(415);
        assertThat(wrongType.json().get("error").get("code").asString()).isEqualTo("UPLOAD_CONTENT_TYPE");
        Http.Response tooLong = http().putBytes(url, "image/png", new byte[11]);
        assertThat(tooLong.status()).isEqualTo(413);
        assertThat(tooLong.json().get("error").get("code").asString()).isEqualTo("FILE_TOO_LARGE");
        assertThat(http().putBytes(url, "image/png", new byte[9]).status()).isEqualTo(400);
        assertThat(http().putBytes(url + "x", "image/png", new byte[10]).status()).isEqualTo(404);
        assertThat(http().putBytes(url, "image/png", new byte[10]).status()).isEqualTo(200);
    }
}
