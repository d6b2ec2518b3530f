package io.sites.app.usecases;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.sites.app.Http;
import io.sites.app.PostgresAppTest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Files by digest and edits against a base version (issue 16), over real HTTP: an account's own digests work,
 * another account's are unknown like any other, every unknown one is listed; an edit yields exactly the expected
 * manifest and meets every rule; ifCurrentVersion refuses a publish that raced another, and the refused
 * publish's files stay unknown by digest.
 */
public interface DigestEditsContract {
    String ALICE = PostgresAppTest.ALICE;
    String BOB = PostgresAppTest.BOB;

    Http http();

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static Map<String, Object> digest(String path, String sha256) {
        Map<String, Object> file = new LinkedHashMap<>();
        file.put("path", path);
        file.put("sha256", sha256);
        return file;
    }

    @Test
    default void anAccountsOwnDigestsWorkAndNoOtherAccountsBytesAreReachable() {
        String css = "body{color:teal} /* " + unique("alice-only") + " */";
        Http.Response first = http().post("/v1/websites", ALICE, site(unique("dg"), "Digests",
                file("index.html", "<!doctype html><title>a</title><p>a</p>"), file("site.css", css)));
        assertThat(first.status()).isEqualTo(201);

        String slug = unique("dg2");
        Http.Response byDigest = http().post("/v1/websites", ALICE, site(slug, "By digest",
                file("index.html", "<!doctype html><title>b</title><link rel=stylesheet href=style.css>"),
                digest("style.css", sha256(css))));
        assertThat(byDigest.status()).isEqualTo(201);
        assertThat(http().site(slug, "/style.css").text()).isEqualTo(css);
        assertThat(http().site(slug, "/style.css").header("Content-Type")).startsWith("text/css");

        String nobodys = "0".repeat(63) + "1";
        Http.Response stolen = http().post("/v1/websites", BOB, site(unique("dg3"), "Not mine",
                file("index.html", "<!doctype html><title>c</title>"), digest("alice.css", sha256(css)),
                digest("nobody.png", nobodys)));
        assertThat(stolen.status()).isEqualTo(422);
        JsonNode error = stolen.json().get("error");
        assertThat(error.get("code").asString()).isEqualTo("PUBLISH_INVALID");
        List<JsonNode> violations = new ArrayList<>();
        error.get("violations").forEach(violations::add);
        assertThat(violations).extracting(v -> v.get("code").asString(), v -> v.get("path").asString())
                .containsExactly(tuple("UNKNOWN_DIGEST", "alice.css"), tuple("UNKNOWN_DIGEST", "nobody.png"));
        assertThat(stolen.text()).doesNotContain("teal");
    }

    @Test
    default void anEditCarriesOverTheBaseAndIsCheckedAsAWholeBundle() {
        String slug = unique("edit");
        Http.Response created = http().post("/v1/websites", ALICE, site(slug, "Edit",
                file("index.html", "<!doctype html><title>v1</title><a href=about.html>about</a>"
                        + "<link rel=stylesheet href=a.css>"),
                file("about.html", "<!doctype html><title>about</title><p>about</p>"),
                file("a.css", "p{margin:0}"), file("notes.txt", "old"),
                Map.of("path", "data.bin", "content", "AAEC", "contentEncoding", "base64",
                        "contentType", "application/x-custom")));
        assertThat(created.status()).isEqualTo(201);
        String id = created.json().get("websiteId").asString();
        String versions = "/v1/websites/" + id + "/versions";

        Map<String, Object> edit = version(null, "edit", file("index.html",
                "<!doctype html><title>v2</title><a href=about.html>about</a><link rel=stylesheet href=a.css>"),
                file("new.css", "a{color:red}"));
        edit.put("baseVersion", 1);
        edit.put("deletePaths", List.of("notes.txt"));
        Http.Response dry = http().post(versions + "?dryRun=true", ALICE, edit);
        assertThat(dry.status()).isEqualTo(200);
        assertThat(dry.json().get("valid").asBoolean()).isTrue();
        assertThat(dry.json().get("files").asInt()).isEqualTo(5);

        Http.Response second = http().post(versions, ALICE, edit);
        assertThat(second.status()).isEqualTo(201);
        assertThat(second.json().get("version").asInt()).isEqualTo(2);
        Map<String, String> manifest = new LinkedHashMap<>();
        http().get(versions, ALICE).json().get("versions").get(0).get("files").forEach(f -> manifest.put(
                f.get("originalName").asString(), f.get("contentType").asString()));
        assertThat(manifest).containsOnlyKeys("index.html", "about.html", "a.css", "new.css", "data.bin");
        assertThat(manifest.get("data.bin")).as("a carried file keeps its type").isEqualTo("application/x-custom");
        assertThat(http().site(slug, "/").text()).contains("v2");
        assertThat(http().site(slug, "/about.html").text()).contains("about");
        assertThat(http().site(slug, "/notes.txt").status()).isEqualTo(404);

        Map<String, Object> broken = version(null, null);
        broken.put("baseVersion", 2);
        broken.put("deletePaths", List.of("index.html", "about.html", "nope.txt"));
        Http.Response refused = http().post(versions, ALICE, broken);
        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.json().get("error").get("code").asString()).isEqualTo("PUBLISH_INVALID");
        List<String> codes = new ArrayList<>();
        refused.json().get("error").get("violations").forEach(v -> codes.add(v.get("code").asString()));
        assertThat(codes).containsExactly("UNKNOWN_DELETE_PATH", "MISSING_INDEX");

        Map<String, Object> linkBreaking = version(null, null);
        linkBreaking.put("baseVersion", 2);
        linkBreaking.put("deletePaths", List.of("about.html"));
        Http.Response warned = http().post(versions, ALICE, linkBreaking);
        assertThat(warned.status()).isEqualTo(201);
        assertThat(warned.json().get("warnings").get(0).get("code").asString()).isEqualTo("BROKEN_LINK");

        Map<String, Object> unknownBase = version(null, null, file("index.html", "<p>x</p>"));
        unknownBase.put("baseVersion", 99);
        assertThat(http().post(versions, ALICE, unknownBase).status()).isEqualTo(404);
        assertThat(http().post(versions, BOB, edit).status()).as("a stranger learns nothing").isEqualTo(404);
    }

    @Test
    default void ifCurrentVersionRefusesAPublishThatRacedAnother() {
        Http.Response created = http().post("/v1/websites", ALICE, site(unique("race"), "Race",
                file("index.html", "<p>1</p>")));
        String versions = "/v1/websites/" + created.json().get("websiteId").asString() + "/versions";
        Map<String, Object> agentA = version(null, null, file("index.html", "<p>A</p>"));
        agentA.put("ifCurrentVersion", 1);
        String lateCss = "p{color:plum} /* " + unique("refused") + " */";
        Map<String, Object> agentB = version(null, null, file("index.html", "<p>B</p>"), file("late.css", lateCss));
        agentB.put("ifCurrentVersion", 1);

        assertThat(http().post(versions, ALICE, agentA).status()).isEqualTo(201);
        Http.Response late = http().post(versions, ALICE, agentB);
        assertThat(late.status()).isEqualTo(409);
        assertThat(late.json().get("error").get("code").asString()).isEqualTo("VERSION_CONFLICT");
        assertThat(late.json().get("error").get("message").asString()).contains("version 2 live, not version 1");
        assertThat(http().get(versions, ALICE).json().get("versions").size()).isEqualTo(2);

        // Nothing refused leaves a trace: the refused version's new file cannot be named by its digest.
        Http.Response byDigest = http().post(versions, ALICE, version(null, null, file("index.html", "<p>C</p>"),
                digest("late.css", sha256(lateCss))));
        assertThat(byDigest.status()).isEqualTo(422);
        assertThat(byDigest.json().get("error").get("violations").get(0).get("code").asString())
                .isEqualTo("UNKNOWN_DIGEST");
    }
}
