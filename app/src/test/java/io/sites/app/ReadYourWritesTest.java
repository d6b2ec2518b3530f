package io.sites.app;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** A 201 means every read shows the publish at once: 200 publishes, each read right after, never stale. */
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
}
