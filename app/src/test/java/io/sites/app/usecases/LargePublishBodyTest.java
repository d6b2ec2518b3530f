package io.sites.app.usecases;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Publish bodies above sites.limits.decode-while-read-above (here a megabyte) are decoded while read, never bound as
 * one String: the site serves exactly what was sent, refusals name the same problems at the same places as for small
 * bodies, and nothing is left behind. Each is sent both ways admission keeps it: with a declared length it is held
 * in memory, chunked it is spooled to a file.
 */
@TestPropertySource(properties = "sites.limits.decode-while-read-above=1MB")
class LargePublishBodyTest extends EmbeddedAppTest {
    private static final int MEGABYTE = 1024 * 1024;

    @Value("${sites.data-dir}")
    Path data;

    @ParameterizedTest(name = "chunked={0}")
    @ValueSource(booleans = {false, true})
    void largeContentsAreServedExactlyAsSent(boolean chunked) throws IOException {
        byte[] binary = new byte[MEGABYTE + MEGABYTE / 2];
        new Random(7).nextBytes(binary);
        String text = ("line \"one\" café € 😀\n").repeat(60_000);
        String body = "{\"category\":\"other\",\"name\":\"Large \\u00e9\",\"files\":["
                + "{\"path\":\"index.html\",\"content\":\"<p class=\\\"x\\\">caf\\u00e9 \\ud83d\\ude00</p>\"},"
                + "{\"contentEncoding\":\"base64\",\"content\":\"" + Base64.getEncoder().encodeToString(binary)
                + "\",\"path\":\"big.bin\"},"
                + "{\"path\":\"notes.txt\",\"content\":\"" + escape(text) + "\"},"
                + "{\"path\":\"small.bin\",\"contentEncoding\":\"base64\",\"content\":\"QUJD\\n\"}]}";
        Http.Response created = send(body, chunked);
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        String slug = created.json().get("slug").asString();
        assertThat(http().site(slug, "/big.bin").raw().body()).isEqualTo(binary);
        assertThat(http().site(slug, "/notes.txt").raw().body()).isEqualTo(text.getBytes(StandardCharsets.UTF_8));
        assertThat(http().site(slug, "/").text()).isEqualTo("<p class=\"x\">café 😀</p>");
        assertThat(http().site(slug, "/small.bin").text()).isEqualTo("ABC");
        assertThat(spooled()).as("nothing left behind").isEmpty();
    }

    @ParameterizedTest(name = "chunked={0}")
    @ValueSource(booleans = {false, true})
    void largeInvalidContentsAreRefusedWithTheirPlaceAndNothingIsStored(boolean chunked) throws IOException {
        long blobsBefore = count(data.resolve("blobs"));
        String base64 = "A".repeat(MEGABYTE) + "!AAA";
        String text = "a\\nb\\nxyz\\udc00 " + "z".repeat(MEGABYTE);
        String body = "{\"category\":\"other\",\"files\":[{\"path\":\"index.html\",\"content\":\"<p>hi</p>\"},"
                + "{\"path\":\"bad.bin\",\"contentEncoding\":\"base64\",\"content\":\"" + base64 + "\"},"
                + "{\"path\":\"bad.txt\",\"content\":\"" + text + "\"},"
                + "{\"path\":\"page.html\",\"content\":\"<script src=\\\"https://cdn.example/x.js\\\"></script>"
                + "<p>" + "p".repeat(MEGABYTE) + "</p>\"}]}";
        Http.Response refused = send(body, chunked);
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

    /**
     * Contents as nearly every client sends them (plain padded base64, text that is ASCII once unescaped) are read
     * straight from the body's bytes; the rest by the careful decoder. Side by side in one large body, each file is
     * served exactly as the small-body path would serve it.
     */
    @Test
    void plainAndEscapedContentsBesideEachOtherAreServedExactly() throws IOException {
        byte[] photo = new byte[200_000];
        new Random(11).nextBytes(photo);
        byte[] urlSafe = {(byte) 0xfb, (byte) 0xff, (byte) 0xfe, 0x01};
        String script = "let a = \"x\";\tlet b = 'y/z' \\ 1;\r\n\u0041\u007f\u0000end\n";
        String filler = "f".repeat(MEGABYTE);
        String body = "{\"category\":\"other\",\"files\":["
                + "{\"path\":\"index.html\",\"content\":\"<p>hi</p>\\n\"},"
                + "{\"path\":\"photo.webp\",\"contentEncoding\":\"base64\",\"content\":\""
                + Base64.getEncoder().encodeToString(photo) + "\"} ,"
                + "{\"path\":\"url.bin\",\"contentEncoding\":\"base64\",\"content\":\""
                + Base64.getUrlEncoder().encodeToString(urlSafe) + "\"},"
                + "{\"path\":\"unpadded.bin\",\"contentEncoding\":\"base64\",\"content\":\"QUI\"},"
                + "{\"path\":\"app.js\",\"content\":\"" + escape(script).replace("\t", "\\t")
                        .replace("\r", "\\r").replace("/", "\\/").replace("A", "\\u0041")
                        .replace("\u007f", "\\u007f").replace("\u0000", "\\u0000") + "\" },"
                + "{\"path\":\"empty.txt\",\"content\":\"\"},"
                + "{\"path\":\"accent.txt\",\"content\":\"caf\u00e9 and caf\\u00e9\"},"
                + "{\"path\":\"filler.txt\",\"content\":\"" + filler + "\"}]}";
        Http.Response created = http().send("POST", "/v1/websites", ALICE, "application/json", body);
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        String slug = created.json().get("slug").asString();
        assertThat(http().site(slug, "/photo.webp").raw().body()).isEqualTo(photo);
        assertThat(http().site(slug, "/url.bin").raw().body()).isEqualTo(urlSafe);
        assertThat(http().site(slug, "/unpadded.bin").text()).isEqualTo("AB");
        assertThat(http().site(slug, "/app.js").raw().body()).isEqualTo(script.getBytes(StandardCharsets.UTF_8));
        assertThat(http().site(slug, "/empty.txt").raw().body()).isEmpty();
        assertThat(http().site(slug, "/accent.txt").text()).isEqualTo("café and café");
        assertThat(http().site(slug, "/").text()).isEqualTo("<p>hi</p>\n");
        assertThat(spooled()).as("nothing left behind").isEmpty();
    }

    /** A small base64 mistake in a large body is named exactly as the careful decoder names it. */
    @Test
    void aSmallInvalidBase64ContentInALargeBodyIsNamedAtItsPlace() {
        String body = "{\"category\":\"other\",\"files\":[{\"path\":\"index.html\",\"content\":\"<p>hi</p>\"},"
                + "{\"path\":\"bad.bin\",\"contentEncoding\":\"base64\",\"content\":\"QU!D\"},"
                + "{\"path\":\"filler.txt\",\"content\":\"" + "f".repeat(MEGABYTE) + "\"}]}";
        Http.Response refused = http().send("POST", "/v1/websites", ALICE, "application/json", body);
        assertThat(refused.status()).as(refused.text()).isEqualTo(422);
        JsonNode violation = refused.json().get("error").get("violations").get(0);
        assertThat(violation.get("code").asString()).isEqualTo("INVALID_ENCODING");
        assertThat(violation.get("path").asString()).isEqualTo("bad.bin");
    }

    /**
     * Binding reads the body's structure with each content replaced by a marker of its place: a content that happens
     * to spell such a marker is still served as sent, whitespace of any length (and a comma, when a field follows)
     * may follow a content, and a field of the wrong type is refused as in a small body; held in memory or spooled.
     */
    @ParameterizedTest(name = "chunked={0}")
    @ValueSource(booleans = {false, true})
    void contentsAreCutOutOfTheStructureExactly(boolean chunked) throws IOException {
        String marker = "\\u0000content@0";
        String body = "{\"category\":\"other\",\"files\":[{\"path\":\"index.html\",\"content\":\"<p>hi</p>\\\"\""
                + " ".repeat(1000) + "\n},{\"content\":\"" + marker + "\"  ,\n  \"path\":\"marker.txt\"}"
                + ",{\"path\":\"filler.txt\",\"content\":\"" + "f".repeat(MEGABYTE) + "\"\t\r\n}]}";
        Http.Response created = send(body, chunked);
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        String slug = created.json().get("slug").asString();
        assertThat(http().site(slug, "/").text()).isEqualTo("<p>hi</p>\"");
        assertThat(http().site(slug, "/marker.txt").raw().body())
                .isEqualTo("\u0000content@0".getBytes(StandardCharsets.UTF_8));

        String wrongType = "{\"category\":\"other\",\"name\":[\"x\"],\"files\":[{\"path\":\"index.html\","
                + "\"content\":\"<p>hi</p>\"},{\"path\":\"f.txt\",\"content\":\"%s\"}]}";
        Http.Response small = http().send("POST", "/v1/websites", ALICE, "application/json",
                wrongType.formatted("f"));
        Http.Response large = send(wrongType.formatted("f".repeat(MEGABYTE)), chunked);
        assertThat(small.status()).as(small.text()).isBetween(400, 499);
        assertThat(large.status()).as(large.text()).isEqualTo(small.status());
        assertThat(large.json().get("error").get("code").asString())
                .isEqualTo(small.json().get("error").get("code").asString());
        assertThat(spooled()).as("nothing left behind").isEmpty();
    }

    @Test
    void aLargeBodyThatIsNotJsonIsMalformed() {
        Http.Response refused = http().send("POST", "/v1/websites", ALICE, "application/json",
                "{\"files\":[{\"path\":\"index.html\",\"content\":\"" + "x".repeat(MEGABYTE) + "\"}");
        assertThat(refused.status()).as(refused.text()).isEqualTo(400);
        assertThat(refused.json().get("error").get("code").asString()).isEqualTo("MALFORMED_JSON");
    }

    private Http.Response send(String body, boolean chunked) {
        return chunked ? http().sendChunked("POST", "/v1/websites", ALICE, "application/json", body)
                : http().send("POST", "/v1/websites", ALICE, "application/json", body);
    }

    private List<Path> spooled() throws IOException {
        Path bodies = data.resolve("tmp").resolve("bodies");
        try (Stream<Path> files = Files.walk(bodies)) {
            return files.filter(file -> !file.equals(bodies)).toList(); // neither files nor a request's directory
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
