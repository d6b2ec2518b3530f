package io.sites.app.usecases;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.PostgresAppTest;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The link check's warnings over real HTTP: a bundle with broken links in HTML and CSS is published, and its 201 and
 * its job name each one with its line; a clean bundle's answers have no warnings field at all; a refused bundle
 * shows them beside its violations. Runs on PostgreSQL and on the embedded default.
 */
public interface PublishWarningsContract {
    String ALICE = PostgresAppTest.ALICE;

    Http http();

    String PAGE = """
            <!doctype html><title>Links</title>
            <p><a href="about.html">About</a></p>
            <link rel="stylesheet" href="site.css">
            """;
    String CSS = """
            body { color: red }
            .logo { background: url(img/logo.png) }
            """;

    @Test
    default void brokenLinksInHtmlAndCssAreInThe201AndTheJobWithTheirLines() {
        Http.Response created = http().post("/v1/websites", ALICE, site(unique("warn"), "Warnings",
                file("index.html", PAGE), file("site.css", CSS)));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        List<String> expected = List.of(
                "BROKEN_LINK|index.html|line 2: about.html",
                "BROKEN_LINK|site.css|line 2: img/logo.png");
        assertThat(warnings(created.json())).isEqualTo(expected);
        JsonNode first = created.json().get("warnings").get(0);
        assertThat(first.get("message").asString()).isEqualTo(
                "File \"index.html\" refers to \"about.html\" at line 2, which is not a file of the bundle.");

        JsonNode job = http().get("/v1/jobs/" + created.json().get("jobId").asString(), ALICE).json();
        assertThat(warnings(job)).as("the job keeps them").isEqualTo(expected);

        String websiteId = created.json().get("websiteId").asString();
        Http.Response second = http().post("/v1/websites/" + websiteId + "/versions", ALICE,
                version(false, null, file("index.html", "<p><a href=\"/gone/\">gone</a></p>")));
        assertThat(second.status()).isEqualTo(201);
        assertThat(warnings(second.json())).containsExactly("BROKEN_LINK|index.html|line 1: /gone/");
        assertThat(warnings(http().get("/v1/jobs/" + second.json().get("jobId").asString(), ALICE).json()))
                .containsExactly("BROKEN_LINK|index.html|line 1: /gone/");
    }

    @Test
    default void aCleanBundleHasNoWarningsFieldAnywhere() {
        Http.Response created = http().post("/v1/websites", ALICE, site(unique("clean"), "Clean",
                file("index.html", "<a href=\"about\">About</a>"), file("about.html", "<p>about</p>")));
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().has("warnings")).isFalse();
        JsonNode job = http().get("/v1/jobs/" + created.json().get("jobId").asString(), ALICE).json();
        assertThat(job.has("warnings")).isFalse();
        Http.Response second = http().post("/v1/websites/" + created.json().get("websiteId").asString()
                + "/versions", ALICE, version(null, null, file("index.html", "<p>plain</p>")));
        assertThat(second.json().has("warnings")).isFalse();
    }

    @Test
    default void aRefusedBundleShowsItsWarningsBesideItsViolations() {
        Http.Response refused = http().post("/v1/websites", ALICE, site(unique("bad"), "Bad",
                file("index.html", "<a href=\"nope.html\">x</a>\n<script src=\"https://cdn.example/x.js\"></script>")));
        assertThat(refused.status()).isEqualTo(422);
        JsonNode error = refused.json().get("error");
        assertThat(error.get("code").asString()).isEqualTo("PUBLISH_INVALID");
        assertThat(error.get("violations").get(0).get("code").asString()).isEqualTo("EXTERNAL_URL");
        assertThat(warnings(error)).containsExactly("BROKEN_LINK|index.html|line 1: nope.html");
    }

    static List<String> warnings(JsonNode body) {
        return body.path("warnings").valueStream().map(w -> w.get("code").asString() + "|" + w.get("path").asString()
                + "|" + w.get("detail").asString()).toList();
    }
}
