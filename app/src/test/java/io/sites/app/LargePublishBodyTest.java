package io.sites.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Publish bodies above sites.limits.decode-while-read-above (here a megabyte) are decoded while read, never bound as
 * one String: the site serves exactly what was sent, refusals name the same problems at the same places as for small
 * bodies, and nothing is left behind.
 */
@TestPropertySource(properties = "sites.limits.decode-while-read-above=1MB")
class LargePublishBodyTest extends EmbeddedAppTest {
    private static final int MEGABYTE = 1024 * 1024;

    @Value("${sites.data-dir}")
    Path data;

    @Test
    void largeContentsAreServedExactlyAsSent() throws IOException {
        byte[] binary = new byte[MEGABYTE + MEGABYTE / 2];
        new Random(7).nextBytes(binary);
        String text = ("line \"one\" café € 😀\n").repeat(60_000);
        String body = "{\"category\":\"other\",\"name\":\"Large \\u00e9\",\"files\":["
                + "{\"path\":\"index.html\",\"content\":\"<p class=\\\"x\\\">caf\\u00e9 \\ud83d\\ude00</p>\"},"
                + "{\"contentEncoding\":\"base64\",\"content\":\"" + Base64.getEncoder().encodeToString(binary)
                + "\",\"path\":\"big.bin\"},"
                + "{\"path\":\"notes.txt\",\"content\":\"" + escape(text) + "\"},"
                + "{\"path\":\"small.bin\",\"contentEncoding\":\"base64\",\"content\":\"QUJD\\n\"}]}";
        Http.Response created = http().send("POST", "/v1/websites", ALICE, "application/json", body);
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        String slug = created.json().get("slug").asString();
        assertThat(http().site(slug, "/big.bin").raw().body()).isEqualTo(binary);
        assertThat(http().site(slug, "/notes.txt").raw().body()).isEqualTo(text.getBytes(StandardCharsets.UTF_8));
        assertThat(http().site(slug, "/").text()).isEqualTo("<p class=\"x\">café 😀</p>");
        assertThat(http().site(slug, "/small.bin").text()).isEqualTo("ABC");
        assertThat(spooled()).as("nothing left behind").isEmpty();
    }

    @Test
    void largeInvalidContentsAreRefusedWithTheirPlaceAndNothingIsStored() throws IOException {
        long blobsBefore = count(data.resolve("blobs"));
        String base64 = "A".repeat(MEGABYTE) + "!AAA";
        String text = "a\\nb\\nxyz\\udc00 " + "z".repeat(MEGABYTE);
        String body = "{\"category\":\"other\",\"files\":[{\"path\":\"index.html\",\"content\":\"<p>hi</p>\"},"
                + "{\"path\":\"bad.bin\",\"contentEncoding\":\"base64\",\"content\":\"" + base64 + "\"},"
                + "{\"path\":\"bad.txt\",\"content\":\"" + text + "\"},"
                + "{\"path\":\"page.html\",\"content\":\"<script src=\\\"https://cdn.example/x.js\\\"></script>"
                + "<p>" + "p".repeat(MEGABYTE) + "</p>\"}]}";
        Http.Response refused = http().send("POST", "/v1/websites", ALICE, "application/json", body);
        assertThat(refused.status()).as(refused.text()).isEqualTo(422);
        List<JsonNode> violations = refused.json().get("error").get("violations").valueStream().toList();
        assertThat(violations).extracting(v -> v.get("code").asString())
                .containsExactly("INVALID_ENCODING", "INVALID_ENCODING", "EXTERNAL_URL");
        assertThat(violations.get(0).get("detail").asString())
                .startsWith("Character \"!\" (U+0021) at position " + (MEGABYTE + 1) + " is not a base64 character.");
        assertThat(violations.get(1).get("message").asString())
                .contains("unpaired UTF-16 surrogate (U+DC00) at line 3, column 4");
        assertThat(spooled()).as("nothing left behind").isEmpty();
        assertThat(count(data.resolve("blobs"))).as("no blob written").isEqualTo(blobsBefore);
    }

    @Test
    void aLargeBodyThatIsNotJsonIsMalformed() {
        Http.Response refused = http().send("POST", "/v1/websites", ALICE, "application/json",
                "{\"files\":[{\"path\":\"index.html\",\"content\":\"" + "x".repeat(MEGABYTE) + "\"}");
        assertThat(refused.status()).as(refused.text()).isEqualTo(400);
        assertThat(refused.json().get("error").get("code").asString()).isEqualTo("MALFORMED_JSON");
    }

    private List<Path> spooled() throws IOException {
        try (Stream<Path> files = Files.walk(data.resolve("tmp").resolve("bodies"))) {
            return files.filter(Files::isRegularFile).toList();
        }
    }

    private static long count(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).filter(f -> !f.toString().contains(".tmp")).count();
        }
    }

    private static String escape(String text) {
        return text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
