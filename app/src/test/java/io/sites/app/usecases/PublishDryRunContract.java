package io.sites.app.usecases;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.blob.BlobStore;
import io.sites.app.Bundles;
import io.sites.app.Http;
import io.sites.api.id.AccountId;
import io.sites.app.identity.AccessTokens;
import io.sites.app.identity.Accounts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * {@code ?dryRun=true} on createWebsite and createWebsiteVersion over real HTTP: the same verdict a publish would
 * give, as a 200, and no trace of it — no event, slug claim, used upload slot, counted publish or stored blob — so a
 * real publish with the same slug and upload keys works afterwards. Runs on PostgreSQL and on the embedded default.
 */
public interface PublishDryRunContract {
    Http http();

    <T> T bean(Class<T> type);

    byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13};
    String PAGE = "<!doctype html><title>Dry</title>\n<img src=\"img/a.png\">\n<a href=\"missing.html\">x</a>";

    @Test
    default void aDryRunAnswersThePublishVerdictAndLeavesNoTrace() {
        String token = user("dry");
        String other = user("stranger");
        JsonNode existing = http().post("/v1/websites", token, site(unique("dry-old"), "Old",
                file("index.html", "<p>old</p>"))).json();
        String websiteId = existing.get("websiteId").asString();
        JsonNode slot = http().post("/v1/uploads", token, Map.of("files", List.of(Map.of("path", "img/a.png"))))
                .json().get("uploads").get(0);
        assertThat(http().putBytes(slot.get("putUrl").asString(), "image/png", PNG).status()).isEqualTo(200);
        String slug = unique("dry");
        // Every text is this run's own, so its blob cannot be there from another test sharing the store.
        String page = PAGE + "<!-- " + slug + " -->";
        String broken = "<script src=\"https://cdn.example/x.js\"></script>\n<a href=\"nope\">n</a><!-- "
                + slug + " -->";
        String stranger = "<script src=\"https://cdn.example/x.js\"></script><!-- " + slug + " -->";
        String takenPage = "<p>x</p><!-- " + slug + " -->";
        List<String> texts = List.of(page, broken, stranger, takenPage);
        Map<String, Object> bundle = site(slug, "Dry", file("index.html", page), uploaded(slot));
        Map<String, Object> before = trace(texts);
        assertThat(stored(texts)).doesNotContainValue(true);

        Http.Response valid = http().post("/v1/websites?dryRun=true", token, bundle);
        assertThat(valid.status()).as(valid.text()).isEqualTo(200);
        assertThat(valid.json().get("valid").asBoolean()).isTrue();
        assertThat(valid.json().get("violations").isEmpty()).isTrue();
        assertThat(PublishWarningsContract.warnings(valid.json()))
                .containsExactly("BROKEN_LINK|index.html|line 3: missing.html");
        assertThat(valid.json().get("files").asInt()).isEqualTo(2);
        assertThat(valid.json().get("bytes").asLong()).isEqualTo(page.length() + PNG.length);
        assertThat(valid.header("Location")).isNull();

        Http.Response invalid = http().post("/v1/websites?dryRun=true", token, site(slug, "Dry",
                file("index.html", broken)));
        assertThat(invalid.status()).isEqualTo(200);
        assertThat(invalid.json().get("valid").asBoolean()).isFalse();
        assertThat(invalid.json().get("violations").get(0).get("code").asString()).isEqualTo("EXTERNAL_URL");
        assertThat(invalid.json().get("violations").get(0).get("path").asString()).isEqualTo("index.html");
        assertThat(PublishWarningsContract.warnings(invalid.json()))
                .containsExactly("BROKEN_LINK|index.html|line 2: nope");
        Http.Response refused = http().post("/v1/websites", token, site(slug, "Dry", file("index.html", broken)));
        assertThat(refused.json().get("error").get("violations")).as("the same violations as the publish")
                .isEqualTo(invalid.json().get("violations"));

        String versions = "/v1/websites/" + websiteId + "/versions";
        Http.Response versionRun = http().post(versions + "?dryRun=true", token,
                version(false, "dry", file("index.html", page), uploaded(slot)));
        assertThat(versionRun.status()).as(versionRun.text()).isEqualTo(200);
        assertThat(versionRun.json().get("valid").asBoolean()).isTrue();
        Http.Response unseen = http().post(versions + "?dryRun=true", other,
                version(null, null, file("index.html", stranger)));
        assertThat(unseen.status()).as("not a bundle problem").isEqualTo(404);
        assertThat(unseen.json().get("error").get("code").asString()).isEqualTo("NOT_FOUND");
        Http.Response taken = http().post("/v1/websites?dryRun=true", token, site(existing.get("slug").asString(),
                "Taken", file("index.html", takenPage)));
        assertThat(taken.status()).as("as the publish answers").isEqualTo(409);
        for (String bad : List.of("yes", "1", "TRUE", "")) {
            Http.Response badParameter = http().post("/v1/websites?dryRun=" + bad, token, bundle);
            assertThat(badParameter.status()).as(bad).isEqualTo(400);
            assertThat(badParameter.json().get("error").get("code").asString()).isEqualTo("BAD_REQUEST");
        }

        assertThat(trace(texts)).as("no event, slug claim, slot use, counted publish or blob").isEqualTo(before);
        assertThat(http().get("/v1/slugs/suggest?value=" + slug, token).json().get("available").asBoolean())
                .isTrue();

        Http.Response published = http().post("/v1/websites", token, bundle);
        assertThat(published.status()).as(published.text()).isEqualTo(201);
        assertThat(published.json().get("slug").asString()).isEqualTo(slug);
        assertThat(stored(texts)).as("what the probe finds once a publish stored it")
                .containsEntry(page, true).containsEntry(broken, false);
        assertThat(http().site(slug, "/img/a.png").status()).isEqualTo(200);
        assertThat(http().post("/v1/websites?dryRun=false", other, site(null, "No dry run",
                file("index.html", "<p>x</p>"))).status()).as("false publishes").isEqualTo(201);
    }

    private Map<String, Object> trace(List<String> texts) {
        JdbcTemplate jdbc = bean(JdbcTemplate.class);
        Map<String, Object> trace = new LinkedHashMap<>();
        trace.put("events", jdbc.queryForObject("select count(*) from domainevententry", Long.class));
        trace.put("slugClaims", jdbc.queryForObject("select count(*) from slug_claim", Long.class));
        trace.put("uploadSlots", jdbc.queryForList(
                "select upload_key, used_by, used_at from upload_slot order by upload_key"));
        // Dry runs count in a window of their own (DryRunRateLimitTest); every other window stays as it was.
        trace.put("rateWindow", jdbc.queryForList("select kind, subject, window_start, used from rate_window "
                + "where kind <> 'dry-run' order by kind, subject, window_start"));
        trace.put("blobs", stored(texts));
        return trace;
    }

    /**
     * Which of the texts the blob store holds. Other tests share the store and may be writing to it right now, so
     * what is looked for is this test's own bytes, not a count of every blob.
     */
    private Map<String, Boolean> stored(List<String> texts) {
        BlobStore store = bean(BlobStore.class);
        Map<String, Boolean> stored = new LinkedHashMap<>();
        for (String text : texts) {
            try {
                stored.put(text, store.contains(Bundles.sha256(text)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return stored;
    }

    private String user(String prefix) {
        AccountId id = bean(Accounts.class).createIfAbsent(unique(prefix));
        return bean(AccessTokens.class).mint(id, "test", null);
    }

    private static Map<String, Object> uploaded(JsonNode slot) {
        return Map.of("path", slot.get("path").asString(), "uploadKey", slot.get("uploadKey").asString());
    }
}
