package io.sites.app.web;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.sha256;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.command.remote.FindingsByContent;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * uploadFiles (POST /v1/uploads/batch): files sent ahead are checked one by one as a publish checks them, stored for
 * the caller alone, and then named by digest in a publish that reads none of them back; a batch with one file that
 * breaks a rule stores nothing that can be named; what has nothing to send (sourceUrl, uploadKey, digest) is refused.
 * A body above the size decoded while read (1 MB) takes the same path as a small one.
 */
class UploadFilesTest extends EmbeddedAppTest {

    @Test
    void filesSentAheadAreNamedByDigestInOnePublishThatReadsNoneOfThemBack() {
        JsonNode document = http().get("/v1/openapi.json", null).json();
        String marker = unique("ahead");
        List<Map<String, Object>> files = new ArrayList<>();
        files.add(file("index.html", "<h1>" + marker + "</h1><a href=\"docs/page-1.html\">docs</a>"));
        // Over 1 MB in all, so the body is decoded while read (InlineContents), as a real batch is.
        String filler = "<p>" + "documentation ".repeat(7_000) + "</p>";
        for (int i = 1; i <= 12; i++) { // the default limit is 15 pages a bundle
            files.add(file("docs/page-" + i + ".html", "<h2>" + marker + " " + i + "</h2>" + filler
                    + "<a href=\"../index.html\">home</a>"));
        }
        byte[] image = new byte[]{(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 0, 0, 0, 0};
        files.add(Map.of("path", "logo.png", "content", Base64.getEncoder().encodeToString(image),
                "contentEncoding", "base64"));

        Http.Response sent = http().post("/v1/uploads/batch", BOB, Map.of("files", files));
        OpenApiTest.check(document, "uploadFiles", sent, 201);
        JsonNode stored = sent.json().get("files");
        assertThat(stored).hasSize(files.size());
        assertThat(stored.get(0).get("path").asString()).isEqualTo("index.html");
        assertThat(stored.get(0).get("sha256").asString()).isEqualTo(sha256((String) files.get(0).get("content")));
        assertThat(stored.get(13).get("contentType").asString()).isEqualTo("image/png");
        assertThat(stored.get(13).get("size").asLong()).isEqualTo(image.length);
        long bytes = 0;
        for (JsonNode one : stored) {
            bytes += one.get("size").asLong();
        }
        assertThat(sent.json().get("bytes").asLong()).isEqualTo(bytes);

        // Known to bob now, to nobody else.
        List<String> digests = new ArrayList<>();
        stored.forEach(one -> digests.add(one.get("sha256").asString()));
        assertThat(http().post("/v1/digests/missing", BOB, Map.of("sha256", digests)).json().get("missing"))
                .as("bob's own now").isEmpty();
        assertThat(http().post("/v1/digests/missing", ALICE, Map.of("sha256", digests)).json().get("missing"))
                .as("nothing to alice").hasSize(digests.size());

        FindingsByContent findings = bean(FindingsByContent.class);
        long readBack = findings.readBack();
        List<Map<String, Object>> named = new ArrayList<>();
        stored.forEach(one -> named.add(Map.of("path", one.get("path").asString(), "sha256",
                one.get("sha256").asString())));
        Map<String, Object> site = new LinkedHashMap<>();
        site.put("name", "Sent ahead");
        site.put("category", "other");
        site.put("slug", unique("ahead"));
        site.put("files", named);
        Http.Response published = http().post("/v1/websites", BOB, site);
        assertThat(published.status()).as(published.text()).isEqualTo(201);
        assertThat(findings.readBack()).as("every file's findings were kept by the batch").isEqualTo(readBack);
        Http.Response page = http().site((String) site.get("slug"), "/docs/page-7.html");
        assertThat(page.text()).contains(marker + " 7");

        Map<String, Object> theirs = new LinkedHashMap<>(site);
        theirs.put("slug", unique("not-alices"));
        Http.Response alices = http().post("/v1/websites", ALICE, theirs);
        assertThat(alices.status()).isEqualTo(422);
        assertThat(alices.text()).contains("UNKNOWN_DIGEST");
    }

    @Test
    void aBatchWithAFileThatBreaksARuleStoresNothingThatCanBeNamed() {
        JsonNode document = http().get("/v1/openapi.json", null).json();
        Map<String, Object> fine = file("fine.html", "<p>" + unique("fine") + "</p>");
        Http.Response refused = http().post("/v1/uploads/batch", BOB, Map.of("files", List.of(fine,
                file("bad.html", "<script src=\"https://cdn.example/x.js\"></script>"),
                file("../escape.html", "<p>out</p>"))));
        OpenApiTest.check(document, "uploadFiles", refused, 422);
        JsonNode violations = refused.json().path("error").path("violations");
        assertThat(violations.toString()).contains("bad.html", "../escape.html");
        assertThat(http().post("/v1/digests/missing", BOB, Map.of("sha256",
                List.of(sha256((String) fine.get("content"))))).json().get("missing"))
                .as("not even the file without a fault").hasSize(1);

        for (Map<String, Object> nothingToSend : List.<Map<String, Object>>of(
                Map.of("path", "a.html", "sha256", sha256("a")),
                Map.of("path", "b.png", "sourceUrl", "https://example.com/b.png"),
                Map.of("path", "c.png", "uploadKey", "upl_x"))) {
            Http.Response answer = http().post("/v1/uploads/batch", BOB, Map.of("files", List.of(nothingToSend)));
            OpenApiTest.check(document, "uploadFiles", answer, 422);
            assertThat(answer.text()).contains("INVALID_FILE");
        }
        Http.Response empty = http().post("/v1/uploads/batch", BOB, Map.of("files", List.of()));
        OpenApiTest.check(document, "uploadFiles", empty, 422);
        assertThat(http().post("/v1/uploads/batch", null, Map.of("files", List.of(fine))).status()).isEqualTo(401);
    }
}
