package io.sites.app.usecases;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static io.sites.app.usecases.DigestEditsContract.digest;
import static io.sites.app.usecases.DigestEditsContract.sha256;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.PostgresAppTest;
import io.sites.bundle.rules.AuthoringRules;
import io.sites.command.remote.FindingsByContent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * Findings by content (issue 38, big sites) over real HTTP: a republish naming unchanged files by digest reads none
 * of them back from the blob store, yet reports every warning reading them would (a broken link in an unchanged
 * page, a link whose target the new version dropped); findings kept under older rules are not trusted; a refused
 * publish or a dry run keeps nothing, and one account's kept findings are never another's.
 */
public interface FindingsByContentContract {
    String ALICE = PostgresAppTest.ALICE;
    String BOB = PostgresAppTest.BOB;
    int PAGES = 10;

    Http http();

    <T> T bean(Class<T> type);

    /** index.html (with a link to a page that does not exist), PAGES pages each linking the next, a stylesheet. */
    private static Map<String, String> pages(String marker) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("index.html", "<!doctype html><title>Home</title><link rel=stylesheet href=style.css>"
                + "<a href=\"p0.html\">start</a> <a href=\"missing.html\">gone</a><!-- " + marker + " -->");
        for (int i = 0; i < PAGES; i++) {
            files.put("p" + i + ".html", "<!doctype html><title>Page " + i + "</title><link rel=stylesheet"
                    + " href=style.css>\n<a href=\"p" + (i + 1) % PAGES + ".html\">next</a><!-- " + marker + " -->");
        }
        files.put("style.css", "body { background: url(bg.png) } /* " + marker + " */");
        files.put("bg.png", "not a png " + marker);
        return files;
    }

    private static List<Map<String, Object>> inline(Map<String, String> files) {
        List<Map<String, Object>> out = new ArrayList<>();
        files.forEach((path, text) -> out.add(file(path, text)));
        return out;
    }

    private static List<Map<String, Object>> byDigest(Map<String, String> files) {
        List<Map<String, Object>> out = new ArrayList<>();
        files.forEach((path, text) -> out.add(digest(path, sha256(text))));
        return out;
    }

    private static Map<String, Object> versionOf(List<Map<String, Object>> files) {
        Map<String, Object> request = version(null, null);
        request.put("files", files);
        return request;
    }

    private static List<String> warnings(Http.Response published) {
        List<String> out = new ArrayList<>();
        published.json().get("warnings").forEach(w -> out.add(w.get("path").asString() + " " + w.get("message")
                .asString()));
        return out;
    }

    /** What the publishes since {@code before} did with their stored files: [replayed, read back]. */
    private long[] since(long[] before) {
        FindingsByContent findings = bean(FindingsByContent.class);
        return new long[] {findings.replayed() - before[0], findings.readBack() - before[1]};
    }

    private long[] now() {
        return since(new long[] {0, 0});
    }

    private int kept(Map<String, String> files, boolean currentRules) {
        List<String> digests = files.values().stream().map(DigestEditsContract::sha256).toList();
        return bean(JdbcTemplate.class).queryForObject("select count(*) from file_findings where sha256 in ("
                + String.join(",", Collections.nCopies(digests.size(), "?")) + ") and rules_version "
                + (currentRules ? "=" : "<>") + " " + AuthoringRules.VERSION, Integer.class, digests.toArray());
    }

    @Test
    default void aRepublishByDigestReadsNoUnchangedFileAndWarnsAsReadingThemWould() {
        Map<String, String> v1 = pages(unique("fbc"));
        Http.Response created = http().post("/v1/websites", ALICE, site(unique("fbc"), "Findings",
                inline(v1).toArray(Map[]::new)));
        assertThat(created.status()).isEqualTo(201);
        List<String> firstWarnings = warnings(created);
        assertThat(firstWarnings).singleElement().asString().startsWith("index.html ").contains("missing.html");
        assertThat(kept(v1, true)).as("the HTML and CSS files' findings").isEqualTo(PAGES + 2);
        String versions = "/v1/websites/" + created.json().get("websiteId").asString() + "/versions";

        Map<String, String> v2 = new LinkedHashMap<>(v1);
        v2.put("p3.html", v1.get("p3.html").replace("Page 3", "Page three"));
        List<Map<String, Object>> files = byDigest(v2);
        files.set(4, file("p3.html", v2.get("p3.html")));
        long[] before = now();
        Http.Response second = http().post(versions, ALICE, versionOf(files));
        assertThat(second.status()).isEqualTo(201);
        assertThat(since(before)).as("replayed, read back").containsExactly(PAGES + 1, 0);
        assertThat(warnings(second)).isEqualTo(firstWarnings);

        Map<String, String> v3 = new LinkedHashMap<>(v2);
        v3.remove("p5.html");
        v3.remove("bg.png");
        before = now();
        Http.Response third = http().post(versions, ALICE, versionOf(byDigest(v3)));
        assertThat(third.status()).isEqualTo(201);
        assertThat(since(before)).containsExactly(PAGES + 1, 0);
        assertThat(warnings(third)).containsExactly(firstWarnings.get(0),
                "p4.html File \"p4.html\" refers to \"p5.html\" at line 2, which is not a file of the bundle.",
                "style.css File \"style.css\" refers to \"bg.png\" at line 1, which is not a file of the bundle.");

        // Findings kept by older rules are not trusted: every file is read and checked, and kept anew.
        bean(JdbcTemplate.class).update("update file_findings set rules_version = rules_version - 1 where sha256 = ?"
                + " or sha256 = ?", sha256(v1.get("p0.html")), sha256(v1.get("style.css")));
        before = now();
        Http.Response fourth = http().post(versions, ALICE, versionOf(byDigest(v3)));
        assertThat(fourth.status()).isEqualTo(201);
        assertThat(since(before)).containsExactly(PAGES - 1, 2);
        assertThat(warnings(fourth)).isEqualTo(warnings(third));
        before = now();
        assertThat(http().post(versions, ALICE, versionOf(byDigest(v3))).status()).isEqualTo(201);
        assertThat(since(before)).containsExactly(PAGES + 1, 0);
    }

    @Test
    default void aRefusedPublishKeepsNothingAndNoAccountReplaysAnothersFindings() {
        Map<String, String> files = pages(unique("fbc-refused"));
        Map<String, Object> request = site(unique("fbc-r"), "Refused", inline(files).toArray(Map[]::new));
        assertThat(http().post("/v1/websites?dryRun=true", ALICE, request).status()).isEqualTo(200);
        Map<String, String> withViolation = new LinkedHashMap<>(files);
        withViolation.put("bad.html", "<!doctype html><script src=\"https://cdn.example.com/x.js\"></script>");
        Http.Response refused = http().post("/v1/websites", ALICE, site(unique("fbc-r"), "Refused",
                inline(withViolation).toArray(Map[]::new)));
        assertThat(refused.status()).isEqualTo(422);
        assertThat(kept(files, true) + kept(files, false)).isZero();

        assertThat(http().post("/v1/websites", ALICE, request).status()).isEqualTo(201);
        assertThat(kept(files, true)).isEqualTo(PAGES + 2);
        long[] before = now();
        Http.Response bobs = http().post("/v1/websites", BOB, site(unique("fbc-b"), "Bob's",
                inline(files).toArray(Map[]::new)));
        assertThat(bobs.status()).isEqualTo(201);
        assertThat(since(before)).as("Bob sent the bytes: nothing replayed").containsExactly(0, 0);
        assertThat(kept(files, true)).as("kept for each account").isEqualTo(2 * (PAGES + 2));
        JsonNode bobsSite = bobs.json();
        before = now();
        assertThat(http().post("/v1/websites/" + bobsSite.get("websiteId").asString() + "/versions", BOB,
                versionOf(byDigest(files))).status()).isEqualTo(201);
        assertThat(since(before)).containsExactly(PAGES + 2, 0);
    }
}
