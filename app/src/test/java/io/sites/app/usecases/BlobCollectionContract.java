package io.sites.app.usecases;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.blob.BlobStore;
import io.sites.api.blob.BlobSweep;
import io.sites.api.id.AccountId;
import io.sites.app.Http;
import io.sites.app.MovableClock;
import io.sites.app.blobs.BlobCollector;
import io.sites.app.identity.AccessTokens;
import io.sites.app.identity.Accounts;
import io.sites.command.remote.StoredBlobs;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * Blob collection (issue 36, items 4 and 5) on a real service with a clock the tests move: a deleted website's
 * bytes stay through the grace period and go after it unless a retained version shares them, its digests are then
 * UNKNOWN_DIGEST and its slug stays claimed; a blob found without a row is adopted and collected a grace later; a
 * sweep that died after removing bytes leaves a row every publish verifies, so no version points at a missing
 * blob; a collector that does not hold the lease does nothing. Runs on PostgreSQL and on the embedded default.
 */
public interface BlobCollectionContract {
    Duration PAST_GRACE = Duration.ofHours(25);

    Http http();

    <T> T bean(Class<T> type);

    default String user(String prefix) {
        AccountId id = bean(Accounts.class).createIfAbsent(unique(prefix));
        return bean(AccessTokens.class).mint(id, "test", null);
    }

    default String create(String token, String slug, Map<String, Object>... files) {
        Http.Response created = http().post("/v1/websites", token, site(slug, "Blobs", files));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        return created.json().get("websiteId").asString();
    }

    default boolean stored(String text) throws Exception {
        return bean(BlobStore.class).contains(DigestEditsContract.sha256(text));
    }

    default BlobCollector.Round collect() {
        BlobCollector.Round round = bean(BlobCollector.class).collect();
        assertThat(round.skipped()).isNull();
        return round;
    }

    /** A blob is doomed in one round and removed in a later one: two rounds, a second apart. */
    default BlobCollector.Round collectTwice() {
        collect();
        bean(MovableClock.class).advance(Duration.ofSeconds(1));
        return collect();
    }

    default JsonNode violation(Http.Response refused) {
        assertThat(refused.status()).as(refused.text()).isEqualTo(422);
        return refused.json().get("error").get("violations").get(0);
    }

    @Test
    default void aDeletedWebsitesBytesGoAfterTheGracePeriodUnlessARetainedVersionSharesThem() throws Exception {
        String owner = user("gc");
        String shared = "body{color:olive} /* " + unique("shared") + " */";
        String only = "body{color:plum} /* " + unique("only") + " */";
        String keptPage = "<!doctype html><title>b</title><p>" + unique("b") + "</p>";
        String slug = unique("gone");
        String deleted = create(owner, slug, file("index.html", "<!doctype html><title>a</title>"
                + "<link rel=stylesheet href=only.css>"), file("only.css", only), file("shared.css", shared));
        String keptSlug = unique("kept");
        String kept = create(owner, keptSlug, file("index.html", keptPage), file("shared.css", shared));
        assertThat(http().send("DELETE", "/v1/websites/" + deleted, owner, null, null).status()).isEqualTo(204);

        collect();
        assertThat(stored(only)).as("within the grace period").isTrue();

        bean(MovableClock.class).advance(PAST_GRACE);
        BlobCollector.Round round = collectTwice();
        assertThat(round.removed()).isGreaterThanOrEqualTo(2);
        assertThat(stored(only)).as("only the deleted website used it").isFalse();
        assertThat(stored(shared)).as("a retained version shares it").isTrue();
        assertThat(http().site(keptSlug, "/shared.css").text()).isEqualTo(shared);
        assertThat(http().site(keptSlug, "/").text()).isEqualTo(keptPage);

        JsonNode unknown = violation(http().post("/v1/websites/" + kept + "/versions", owner, version(true, null,
                file("index.html", keptPage), DigestEditsContract.digest("only.css",
                        DigestEditsContract.sha256(only)))));
        assertThat(unknown.get("code").asString()).isEqualTo("UNKNOWN_DIGEST");
        Http.Response again = http().post("/v1/websites", owner, site(slug, "Same slug",
                file("index.html", "<!doctype html><title>c</title>")));
        assertThat(again.status()).as("the slug stays claimed").isEqualTo(409);
    }

    @Test
    default void aBlobFoundWithoutARowIsAdoptedAndCollectedAGraceLater() throws Exception {
        String orphan = "orphan " + unique("orphan");
        bean(BlobStore.class).write(orphan.getBytes(StandardCharsets.UTF_8));
        BlobCollector.Round round = collect();
        assertThat(round.adopted()).isGreaterThanOrEqualTo(1);
        assertThat(stored(orphan)).isTrue();
        bean(MovableClock.class).advance(PAST_GRACE);
        collectTwice();
        assertThat(stored(orphan)).isFalse();
    }

    @Test
    default void aSweepThatDiedAfterRemovingBytesLeavesNoVersionPointingAtAMissingBlob() throws Exception {
        String owner = user("crash");
        String notes = "notes " + unique("notes");
        String sha = DigestEditsContract.sha256(notes);
        String first = create(owner, null, file("index.html", "<!doctype html><title>n</title>"),
                file("notes.txt", notes));
        assertThat(http().send("DELETE", "/v1/websites/" + first, owner, null, null).status()).isEqualTo(204);
        MovableClock clock = bean(MovableClock.class);
        clock.advance(PAST_GRACE);
        // The sweep's first step committed and its bytes went, then the process died before the row did.
        assertThat(bean(StoredBlobs.class).doom(sha, clock.instant())).isTrue();
        assertThat(bean(BlobSweep.class).delete(sha)).isTrue();

        JsonNode unknown = violation(http().post("/v1/websites", owner, site(null, "By digest",
                file("index.html", "<!doctype html><title>d</title>"), DigestEditsContract.digest("notes.txt", sha))));
        assertThat(unknown.get("code").asString()).isEqualTo("UNKNOWN_DIGEST");
        assertThat(unknown.get("path").asString()).isEqualTo("notes.txt");

        String slug = unique("again");
        create(owner, slug, file("index.html", "<!doctype html><title>e</title>"), file("notes.txt", notes));
        assertThat(http().site(slug, "/notes.txt").text()).isEqualTo(notes);
        collectTwice();
        assertThat(stored(notes)).as("touched by the publish: kept").isTrue();
    }

    /**
     * A republish names most of its files' rows again: a row touched within the last 24th of the grace is neither
     * locked nor written (a big site's republish spent two thirds of its CPU rewriting them), an older one is
     * touched, and a blob whose row was left so is still kept while a retained version refers to it.
     */
    @Test
    default void aRowTouchedWithinTheLastHourIsLeftAsItIsAndItsBlobStillKept() throws Exception {
        String owner = user("fresh");
        String style = "body{color:teal} /* " + unique("fresh") + " */";
        String sha = DigestEditsContract.sha256(style);
        String first = create(owner, null, file("index.html", "<!doctype html><title>f</title>"),
                file("style.css", style));
        MovableClock clock = bean(MovableClock.class);
        Timestamp born = touchedAt(sha);

        clock.advance(Duration.ofMinutes(50));
        String slug = unique("fresh-second");
        String second = create(owner, slug, file("index.html", "<!doctype html><title>g</title>"),
                DigestEditsContract.digest("style.css", sha));
        assertThat(touchedAt(sha)).as("touched 50 minutes ago: left as it is").isEqualTo(born);

        clock.advance(Duration.ofMinutes(20));
        Http.Response republished = http().post("/v1/websites/" + second + "/versions", owner, version(true, null,
                file("index.html", "<!doctype html><title>h</title>"), DigestEditsContract.digest("style.css", sha)));
        assertThat(republished.status()).as(republished.text()).isEqualTo(201);
        assertThat(touchedAt(sha)).as("touched 70 minutes ago: touched now")
                .isAfter(Timestamp.from(born.toInstant().plus(Duration.ofMinutes(69))));

        assertThat(http().send("DELETE", "/v1/websites/" + first, owner, null, null).status()).isEqualTo(204);
        clock.advance(PAST_GRACE);
        collectTwice();
        assertThat(stored(style)).as("a retained version refers to it").isTrue();
        assertThat(http().site(slug, "/style.css").text()).isEqualTo(style);
    }

    private Timestamp touchedAt(String sha) {
        return bean(JdbcTemplate.class).queryForObject("select touched_at from stored_blob where sha256 = ?",
                Timestamp.class, sha);
    }

    @Test
    default void aCollectorWithoutTheLeaseDoesNothing() {
        JdbcTemplate jdbc = bean(JdbcTemplate.class);
        MovableClock clock = bean(MovableClock.class);
        collect(); // makes sure the row exists
        jdbc.update("update blob_collection_lease set holder = 'another', held_until = ? where id = 1",
                Timestamp.from(clock.instant().plus(Duration.ofMinutes(5))));
        try {
            assertThat(bean(BlobCollector.class).collect().skipped()).contains("lease");
        } finally {
            jdbc.update("update blob_collection_lease set held_until = ? where id = 1",
                    Timestamp.from(clock.instant().minusSeconds(1)));
        }
    }

    @Test
    default void purgingAnAccountDeletesItsWebsitesRevokesItsTokensForgetsItsNameAndItsBytesGo() throws Exception {
        String username = unique("forget");
        AccountId id = bean(Accounts.class).createIfAbsent(username);
        String token = bean(AccessTokens.class).mint(id, "test", null);
        String mine = "mine " + unique("mine");
        String slug = unique("forgotten");
        String website = create(token, slug, file("index.html", "<!doctype html><title>f</title>"),
                file("mine.txt", mine));

        AccountErasure.Erased erased = bean(AccountErasure.class).erase(username);
        assertThat(erased.websites()).containsExactly(website);
        assertThat(erased.tokens()).isEqualTo(1);
        assertThat(http().get("/v1/websites", token).status()).as("its token is revoked").isEqualTo(401);
        assertThat(bean(Accounts.class).byUsername(username)).as("its name is forgotten").isEmpty();
        assertThat(http().site(slug, "/").status()).as("its website is deleted").isEqualTo(410);

        bean(MovableClock.class).advance(PAST_GRACE);
        collectTwice();
        assertThat(stored(mine)).as("its bytes are collected").isFalse();
    }
}
