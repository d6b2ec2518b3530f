package io.sites.app.usecases;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.PostgresAppTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The heart of the product over real HTTP: a bundle POSTed is live when the 201 arrives. Runs on PostgreSQL and on
 * the embedded default.
 */
public interface PublishFlowContract {
    String ALICE = PostgresAppTest.ALICE;
    String BOB = PostgresAppTest.BOB;

    Http http();

    @Test
    default void createWebsiteServesAtOnceThenVersionsPromoteOrNotThenJob() {
        String slug = unique("flow");
        Http.Response created = http().post("/v1/websites", ALICE, site(slug, "Flow",
                file("index.html", "<!doctype html><title>v1</title><p>first</p>"),
                file("assets/site.css", "body{color:red}")));
        assertThat(created.status()).isEqualTo(201);
        JsonNode body = created.json();
        String websiteId = body.get("websiteId").asString();
        assertThat(websiteId).startsWith("web_");
        assertThat(body.get("jobId").asString()).startsWith("job_");
        assertThat(body.get("version").asInt()).isEqualTo(1);
        assertThat(body.get("slug").asString()).isEqualTo(slug);
        assertThat(body.get("pageUrl").asString()).isEqualTo("http://" + slug + ".localhost/");
        assertThat(body.get("bytesWritten").asLong()).isEqualTo(
                "<!doctype html><title>v1</title><p>first</p>".length() + "body{color:red}".length());
        assertThat(created.header("Location")).isEqualTo("/v1/websites/" + websiteId);

        Http.Response page = http().site(slug, "/");
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.text()).contains("first");
        assertThat(page.header("Content-Type")).startsWith("text/html");
        Http.Response css = http().site(slug, "/assets/site.css");
        assertThat(css.status()).isEqualTo(200);
        assertThat(css.header("Content-Type")).startsWith("text/css");
        assertThat(css.text()).isEqualTo("body{color:red}");
        assertThat(http().site(slug, "/missing.html").status()).isEqualTo(404);
        assertThat(http().site("no-such-site-" + slug, "/").status()).isEqualTo(404);

        Http.Response second = http().post("/v1/websites/" + websiteId + "/versions", ALICE,
                version(null, "second", file("index.html", "<p>second</p>")));
        assertThat(second.status()).isEqualTo(201);
        assertThat(second.json().get("version").asInt()).isEqualTo(2);
        assertThat(second.json().get("isCurrent").asBoolean()).isTrue();
        assertThat(second.json().get("websiteId").asString()).isEqualTo(websiteId);
        assertThat(second.json().get("pageUrl").asString()).isEqualTo("http://" + slug + ".localhost/");
        assertThat(http().site(slug, "/").text()).contains("second");
        assertThat(http().site(slug, "/assets/site.css").status())
                .as("a version is a complete replacement, not a diff").isEqualTo(404);

        Http.Response stored = http().post("/v1/websites/" + websiteId + "/versions", ALICE,
                version(false, "not yet", file("index.html", "<p>third</p>")));
        assertThat(stored.status()).isEqualTo(201);
        assertThat(stored.json().get("version").asInt()).isEqualTo(3);
        assertThat(stored.json().get("isCurrent").asBoolean()).isFalse();
        assertThat(http().site(slug, "/").text()).as("promote false keeps the previous version live")
                .contains("second");

        String jobId = stored.json().get("jobId").asString();
        Http.Response job = http().get("/v1/jobs/" + jobId, ALICE);
        assertThat(job.status()).isEqualTo(200);
        assertThat(job.json().get("jobId").asString()).isEqualTo(jobId);
        assertThat(job.json().get("websiteId").asString()).isEqualTo(websiteId);
        assertThat(job.json().get("status").asString()).isEqualTo("ready");
        assertThat(job.json().get("pageUrl").asString()).isEqualTo("http://" + slug + ".localhost/");
        assertThat(job.json().get("statusUrl").asString()).isEqualTo("/jobs/" + jobId);
        assertThat(job.json().get("attempt").asInt()).isEqualTo(1);

        String firstJob = body.get("jobId").asString();
        assertThat(http().get("/v1/jobs/" + firstJob, ALICE).json().get("status").asString()).isEqualTo("ready");
        assertThat(http().get("/v1/jobs/" + jobId, BOB).status()).as("a stranger's job is not found").isEqualTo(404);
    }

    @Test
    default void strangersCannotPublishToAWebsiteTheyCannotSee() {
        Http.Response created = http().post("/v1/websites", ALICE, site(null, "Private site",
                file("index.html", "<p>mine</p>")));
        String websiteId = created.json().get("websiteId").asString();
        String slug = created.json().get("slug").asString();
        Http.Response attempt = http().post("/v1/websites/" + websiteId + "/versions", BOB,
                version(null, null, file("index.html", "<p>hijacked</p>")));
        assertThat(attempt.status()).isEqualTo(404);
        assertThat(attempt.json().get("error").get("code").asString()).isEqualTo("NOT_FOUND");
        assertThat(http().site(slug, "/").text()).contains("mine");
        Http.Response unknown = http().post("/v1/websites/web_doesnotexist/versions", ALICE,
                version(null, null, file("index.html", "x")));
        assertThat(unknown.status()).isEqualTo(404);
    }

    @Test
    default void anOmittedSlugIsDerivedFromTheNameAndSuffixedWhenTaken() {
        String name = "Le Café Ünïque " + unique("n");
        Http.Response first = http().post("/v1/websites", ALICE, site(null, name, file("index.html", "a")));
        Http.Response second = http().post("/v1/websites", ALICE, site(null, name, file("index.html", "b")));
        assertThat(first.status()).isEqualTo(201);
        assertThat(second.status()).isEqualTo(201);
        String base = first.json().get("slug").asString();
        assertThat(base).startsWith("le-cafe-unique-n-");
        assertThat(second.json().get("slug").asString()).isEqualTo(base + "-2");
        assertThat(http().site(base + "-2", "/").text()).isEqualTo("b");
    }

    @Test
    default void anExplicitSlugThatIsTakenAnswers409AndPublishesNothing() {
        String slug = unique("taken");
        assertThat(http().post("/v1/websites", ALICE, site(slug, "One", file("index.html", "one"))).status())
                .isEqualTo(201);
        Http.Response again = http().post("/v1/websites", BOB, site(slug, "Two", file("index.html", "two")));
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.json().get("error").get("code").asString()).isEqualTo("SLUG_TAKEN");
        assertThat(http().site(slug, "/").text()).isEqualTo("one");
    }

    @Test
    default void aBundleThatBreaksSeveralRulesGetsEveryViolationAndNothingIsPublished() {
        String slug = unique("broken");
        Http.Response response = http().post("/v1/websites", ALICE, site(slug, "Broken",
                file("about.html", "<script src=\"https://cdn.example.com/x.js\"></script><iframe src=\"/a\"></iframe>"),
                file("../escape.txt", "x")));
        assertThat(response.status()).isEqualTo(422);
        JsonNode error = response.json().get("error");
        assertThat(error.get("code").asString()).isEqualTo("PUBLISH_INVALID");
        List<String> codes = error.get("violations").valueStream().map(v -> v.get("code").asString()).toList();
        assertThat(codes).contains("MISSING_INDEX", "EXTERNAL_URL", "IFRAME", "INVALID_PATH");
        assertThat(http().site(slug, "/").status()).isEqualTo(404);
        assertThat(http().post("/v1/websites", ALICE, site(slug, "Broken", file("index.html", "ok"))).status())
                .as("a refused publish leaves no claim on its slug").isEqualTo(201);
    }

    @Test
    default void invalidFieldsAnswer422WithFieldMessages() {
        Map<String, Object> request = site("Bad Slug", "x".repeat(121), file("index.html", "ok"));
        request.put("category", "castle");
        Http.Response response = http().post("/v1/websites", ALICE, request);
        assertThat(response.status()).isEqualTo(422);
        JsonNode fields = response.json().get("error").get("fields");
        assertThat(fields.has("category")).isTrue();
        assertThat(fields.has("slug")).isTrue();
        assertThat(fields.has("name")).isTrue();
        assertThat(response.json().get("error").get("code").asString()).isEqualTo("VALIDATION_FAILED");

        Http.Response noFiles = http().post("/v1/websites", ALICE, Map.of("category", "other", "files", List.of()));
        assertThat(noFiles.status()).isEqualTo(422);
        assertThat(noFiles.json().get("error").get("fields").has("files")).isTrue();
    }
}
