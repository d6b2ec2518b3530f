package io.sites.app.replicas;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.usecases.DigestEditsContract;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * A 201 means every read shows the publish at once: 200 publishes, each read right after, never stale; and once the
 * version is stored, nothing after it turns the 201 into an error.
 */
class ReadYourWritesTest extends EmbeddedAppTest {

    @Test
    void everyReadAfterAPublishShowsIt() {
        String slug = unique("ryw");
        Http.Response created = http().post("/v1/websites", ALICE, site(slug, "Read your writes",
                file("index.html", "<p>1</p>")));
        String id = created.json().get("websiteId").asString();
        for (int n = 2; n <= 201; n++) {
            Http.Response published = http().post("/v1/websites/" + id + "/versions", ALICE,
                    version(n % 3 != 0, null, file("index.html", "<p>" + n + "</p>")));
            assertThat(published.status()).isEqualTo(201);
            String job = published.json().get("jobId").asString();
            boolean promoted = n % 3 != 0;

            JsonNode website = http().get("/v1/websites/" + id, ALICE).json();
            assertThat(website.get("versions").get(0).get("id").asString()).as("getWebsite after %d", n).isEqualTo(job);
            assertThat(website.get("versions")).hasSize(n);
            if (promoted) {
                assertThat(website.get("currentVersionId").asString()).isEqualTo(job);
            }

            JsonNode list = http().get("/v1/websites", ALICE).json();
            assertThat(list.get("items").get(0).get("id").asString()).as("listWebsites after %d", n).isEqualTo(id);
            if (promoted) {
                assertThat(list.get("items").get(0).get("currentVersionId").asString()).isEqualTo(job);
            }

            JsonNode versions = http().get("/v1/websites/" + id + "/versions", ALICE).json().get("versions");
            assertThat(versions.get(0).get("id").asString()).as("listWebsiteVersions after %d", n).isEqualTo(job);
            assertThat(versions.get(0).get("version").asInt()).isEqualTo(n);
            assertThat(http().get("/v1/jobs/" + job, ALICE).status()).isEqualTo(200);
        }
    }

    /**
     * Once the command accepted a version, a failure after it must not answer an error (a client told so would
     * publish again): here recording its digests for the account fails, the table gone for the moment. The version
     * is live all the same; only another website naming its file by digest is refused as unknown until the account
     * stores it again, the cost the design accepts.
     */
    @Test
    void aStoredVersionIsAnswered201WhenItsDigestsCannotBeRecorded() {
        JdbcTemplate jdbc = bean(JdbcTemplate.class);
        String slug = unique("digests-lost");
        String css = "/* " + slug + " */ p { color: teal }";
        Http.Response created;
        jdbc.execute("alter table account_blob rename to account_blob_away");
        try {
            created = http().post("/v1/websites", ALICE, site(slug, "Digests lost",
                    file("index.html", "<link rel=\"stylesheet\" href=\"kept.css\"><p>kept</p>"),
                    file("kept.css", css)));
        } finally {
            jdbc.execute("alter table account_blob_away rename to account_blob");
        }
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        assertThat(http().site(slug, "/kept.css").text()).isEqualTo(css);

        // Another website of the account cannot name the file by digest, the account's record of it being what
        // failed; its own website still can (from its manifests), and that publish records it for the account again.
        String id = created.json().get("websiteId").asString();
        Map<String, Object> kept = DigestEditsContract.digest("kept.css", DigestEditsContract.sha256(css));
        Http.Response elsewhere = http().post("/v1/websites", ALICE, site(unique("digests-elsewhere"), "Elsewhere",
                file("index.html", "<p>elsewhere</p>"), kept));
        assertThat(elsewhere.status()).as(elsewhere.text()).isEqualTo(422);
        assertThat(elsewhere.json().get("error").get("violations").get(0).get("code").asString())
                .isEqualTo("UNKNOWN_DIGEST");
        assertThat(http().post("/v1/websites/" + id + "/versions", ALICE, version(true, null,
                file("index.html", "<p>again</p>"), kept)).status()).isEqualTo(201);
        assertThat(http().post("/v1/websites", ALICE, site(unique("digests-elsewhere"), "Elsewhere",
                file("index.html", "<p>elsewhere</p>"), kept)).status()).isEqualTo(201);
    }
}
