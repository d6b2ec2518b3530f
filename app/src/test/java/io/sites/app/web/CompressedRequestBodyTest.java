package io.sites.app.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Bundles;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;

/**
 * A request body sent with Content-Encoding: gzip is read as the JSON it inflates to (a big site's manifest goes
 * compressed); another coding is 415, a body that is not gzip 400, one that inflates past a hundred times its size
 * 413: each in the envelope, with nothing created and nothing left in the spool.
 */
class CompressedRequestBodyTest extends EmbeddedAppTest {
    @Value("${sites.data-dir}")
    Path data;

    @Test
    void aCompressedPublishIsTheSameAsAPlainOne() throws IOException {
        String slug = Bundles.unique("gzipped");
        byte[] json = Http.JSON.writeValueAsBytes(Bundles.site(slug, "Gzipped",
                Bundles.file("index.html", "<p>" + "compressed café ".repeat(2_000) + "</p>")));
        Http.Response created = http().postBytes("/v1/websites", BOB, "application/json", gzip(json),
                "Content-Encoding", "gzip");
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        assertThat(http().site(slug, "/").text()).startsWith("<p>compressed café compressed");
        assertThat(spooled()).as("nothing left in the spool").isEmpty();
    }

    @Test
    void otherCodingsBrokenGzipAndBombsAreRefusedAndLeaveNothing() throws IOException {
        String slug = Bundles.unique("refused");
        byte[] json = Http.JSON.writeValueAsBytes(Bundles.site(slug, "Refused",
                Bundles.file("index.html", "<p>never</p>")));

        assertRefused(http().postBytes("/v1/websites", BOB, "application/json", json, "Content-Encoding", "br"),
                415, "UNSUPPORTED_MEDIA_TYPE");
        assertRefused(http().postBytes("/v1/websites", BOB, "application/json", json, "Content-Encoding", "gzip"),
                400, "BAD_REQUEST");
        byte[] compressed = gzip(json);
        assertRefused(http().postBytes("/v1/websites", BOB, "application/json",
                Arrays.copyOf(compressed, compressed.length / 2), "Content-Encoding", "gzip"), 400, "BAD_REQUEST");
        // 20 MB of one letter compress to about 20 KB: a thousand times, past the hundred a body may inflate.
        byte[] bomb = gzip(("{\"slug\":\"" + slug + "\",\"category\":\"other\",\"files\":[{\"path\":\"index.html\","
                + "\"content\":\"" + "a".repeat(20 * 1024 * 1024) + "\"}]}").getBytes(StandardCharsets.UTF_8));
        Http.Response refused = http().postBytes("/v1/websites", BOB, "application/json", bomb,
                "Content-Encoding", "gzip");
        assertRefused(refused, 413, "PAYLOAD_TOO_LARGE");
        assertThat(refused.json().path("error").path("message").asString()).contains("100 times");

        assertThat(spooled()).as("nothing left in the spool").isEmpty();
        assertThat(http().site(slug, "/").status()).as("no website was created").isEqualTo(404);
        Http.Response afterwards = http().post("/v1/websites", BOB, Bundles.site(slug, "Refused",
                Bundles.file("index.html", "<p>now</p>")));
        assertThat(afterwards.status()).as("the slug is still free: " + afterwards.text()).isEqualTo(201);
    }

    private static void assertRefused(Http.Response response, int status, String code) {
        assertThat(response.status()).as(response.text()).isEqualTo(status);
        assertThat(response.json().path("error").path("code").asString()).isEqualTo(code);
    }

    private static byte[] gzip(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream zip = new GZIPOutputStream(out)) {
            zip.write(bytes);
        }
        return out.toByteArray();
    }

    private List<Path> spooled() throws IOException {
        Path bodies = data.resolve("tmp").resolve("bodies");
        try (Stream<Path> files = Files.walk(bodies)) {
            return files.filter(file -> !file.equals(bodies)).toList();
        }
    }
}
