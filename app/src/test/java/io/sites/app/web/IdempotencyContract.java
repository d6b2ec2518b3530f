package io.sites.app.web;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.MovableClock;
import io.sites.api.id.AccountId;
import io.sites.app.identity.AccessTokens;
import io.sites.app.identity.Accounts;
import io.sites.app.web.IdempotentRequests;
import io.sites.command.remote.Uploads;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * Idempotency-Key on the four operations that change something, over real HTTP: a retry gets the first answer (status,
 * body, Location, Content-Type) with no second effect, another request under the same key is refused, racing
 * duplicates have one effect, keys are per account and expire after 24 hours. Runs on PostgreSQL and on the embedded
 * default, with a clock the tests move.
 */
public interface IdempotencyContract {
    Http http();

    <T> T bean(Class<T> type);

    record User(AccountId id, String token) {
    }

    default User user(String prefix) {
        AccountId id = bean(Accounts.class).createIfAbsent(unique(prefix));
        return new User(id, bean(AccessTokens.class).mint(id, "test", null));
    }

    default Http.Response post(String path, User user, String key, Object body) {
        return http().post(path, user.token(), body, IdempotentRequests.HEADER, key);
    }

    default String website(User user) {
        Http.Response created = http().post("/v1/websites", user.token(), site(null, "Keyed",
                file("index.html", "<p>one</p>")));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        return created.json().get("websiteId").asString();
    }

    default int versions(User user, String websiteId) {
        return http().get("/v1/websites/" + websiteId + "/versions", user.token()).json().get("versions").size();
    }

    default long events(String websiteId) {
        return bean(EventStore.class).readEvents(websiteId, 0).asStream().count();
    }

    default void assertReplayed(Http.Response replay, Http.Response first) {
        assertThat(replay.status()).as(replay.text()).isEqualTo(first.status());
        assertThat(replay.raw().body()).isEqualTo(first.raw().body());
        for (String header : List.of("Location", "Content-Type")) {
            assertThat(replay.header(header)).as(header).isEqualTo(first.header(header));
        }
        assertThat(replay.header(IdempotentRequests.REPLAYED)).isEqualTo("true");
        assertThat(first.header(IdempotentRequests.REPLAYED)).isNull();
    }

    default void assertError(Http.Response response, int status, String code) {
        assertThat(response.status()).as(response.text()).isEqualTo(status);
        assertThat(response.json().get("error").get("code").asString()).isEqualTo(code);
    }

    @Test
    default void aRetriedCreateWebsiteGetsTheFirstAnswerAndCreatesNothing() {
        User user = user("keyed-create");
        String key = UUID.randomUUID().toString();
        Map<String, Object> body = site(unique("keyed"), "Keyed", file("index.html", "<p>keyed</p>"));
        Http.Response first = post("/v1/websites", user, key, body);
        assertThat(first.status()).as(first.text()).isEqualTo(201);
        assertThat(first.header("Location")).startsWith("/v1/websites/web_");

        assertReplayed(post("/v1/websites", user, key, body), first);
        assertThat(http().get("/v1/websites", user.token()).json().get("items")).hasSize(1);

        Map<String, Object> other = site(null, "Other", file("index.html", "<p>other</p>"));
        assertError(post("/v1/websites", user, key, other), 422, "IDEMPOTENCY_KEY_REUSED");
        assertError(post("/v1/uploads", user, key, body), 422, "IDEMPOTENCY_KEY_REUSED");
        assertThat(http().get("/v1/websites", user.token()).json().get("items")).hasSize(1);

        // A client error the same request meets again is kept too.
        String invalidKey = UUID.randomUUID().toString();
        Map<String, Object> invalid = site(null, "Bad", file("about.html", "<p>no index</p>"));
        Http.Response refused = post("/v1/websites", user, invalidKey, invalid);
        assertError(refused, 422, "PUBLISH_INVALID");
        assertReplayed(post("/v1/websites", user, invalidKey, invalid), refused);
    }

    @Test
    default void aRetriedVersionPublishAddsNoVersion() {
        User user = user("keyed-version");
        String id = website(user);
        String key = UUID.randomUUID().toString();
        Map<String, Object> body = version(null, "two", file("index.html", "<p>two</p>"));
        Http.Response first = post("/v1/websites/" + id + "/versions", user, key, body);
        assertThat(first.status()).as(first.text()).isEqualTo(201);
        long events = events(id);

        assertReplayed(post("/v1/websites/" + id + "/versions", user, key, body), first);
        assertThat(versions(user, id)).isEqualTo(2);
        assertThat(events(id)).isEqualTo(events);
        assertError(post("/v1/websites/" + id + "/versions?promote=false", user, key, body), 422,
                "IDEMPOTENCY_KEY_REUSED");
    }

    @Test
    default void aRetriedCreateUploadsAllocatesNoSecondSlot() {
        User user = user("keyed-uploads");
        String key = UUID.randomUUID().toString();
        Map<String, Object> body = Map.of("files", List.of(Map.of("path", "img/a.png", "size", 10)));
        Http.Response first = post("/v1/uploads", user, key, body);
        assertThat(first.status()).as(first.text()).isEqualTo(201);

        assertReplayed(post("/v1/uploads", user, key, body), first);
        assertThat(bean(JdbcTemplate.class).queryForObject("select count(*) from upload_slot where account_id = ?",
                Integer.class, user.id().value())).isEqualTo(1);
        // The kept answer holds the putUrl's secret: only sealed, under the key's hash.
        String secret = first.json().get("uploads").get(0).get("putUrl").asString().replaceAll(".*/", "");
        List<byte[]> stored = bean(JdbcTemplate.class).query("select body from idempotent_request where "
                + "account_id = ?", (rs, n) -> rs.getBytes(1), user.id().value());
        assertThat(stored).hasSize(1);
        assertThat(new String(stored.getFirst(), StandardCharsets.ISO_8859_1)).doesNotContain(secret);
    }

    @Test
    default void aRetriedPromoteRecordsNoSecondEvent() {
        User user = user("keyed-promote");
        String id = website(user);
        assertThat(http().post("/v1/websites/" + id + "/versions", user.token(),
                version(null, null, file("index.html", "<p>two</p>"))).status()).isEqualTo(201);
        String key = UUID.randomUUID().toString();
        String promote = "/v1/websites/" + id + "/versions/1/promote";
        Http.Response first = post(promote, user, key, "");
        assertThat(first.status()).as(first.text()).isEqualTo(200);
        assertThat(http().post("/v1/websites/" + id + "/versions/2/promote", user.token(), "").status())
                .isEqualTo(200);
        long events = events(id);

        assertReplayed(post(promote, user, key, ""), first);
        assertThat(events(id)).as("no second promote event").isEqualTo(events);
        assertThat(http().get("/v1/websites/" + id, user.token()).json().get("currentVersion").get("version")
                .asInt()).isEqualTo(2);
    }

    @Test
    default void racingDuplicatesHaveOneEffect() throws Exception {
        User user = user("keyed-race");
        String id = website(user);
        String key = UUID.randomUUID().toString();
        Map<String, Object> body = version(null, "raced", file("index.html", "<p>raced</p>"));
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Http.Response>> calls = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(4)) {
            for (int i = 0; i < 4; i++) {
                calls.add(pool.submit(() -> {
                    start.await();
                    return post("/v1/websites/" + id + "/versions", user, key, body);
                }));
            }
            start.countDown();
            List<String> answers = new ArrayList<>();
            for (Future<Http.Response> call : calls) {
                Http.Response response = call.get();
                if (response.status() == 409) {
                    assertError(response, 409, "IDEMPOTENCY_IN_PROGRESS");
                    assertThat(response.header("Retry-After")).isEqualTo("1");
                } else {
                    assertThat(response.status()).as(response.text()).isEqualTo(201);
                    answers.add(response.text());
                }
            }
            assertThat(answers).isNotEmpty();
            assertThat(answers.stream().distinct()).hasSize(1);
            assertThat(versions(user, id)).as("exactly one effect").isEqualTo(2);
            assertThat(post("/v1/websites/" + id + "/versions", user, key, body).text())
                    .isEqualTo(answers.getFirst());
        }
    }

    @Test
    default void anotherAccountsKeyIsItsOwn() {
        String key = UUID.randomUUID().toString();
        Map<String, Object> body = site(null, "Shared key", file("index.html", "<p>shared</p>"));
        Http.Response mine = post("/v1/websites", user("keyed-mine"), key, body);
        Http.Response theirs = post("/v1/websites", user("keyed-theirs"), key, body);
        assertThat(mine.status()).isEqualTo(201);
        assertThat(theirs.status()).isEqualTo(201);
        assertThat(theirs.header(IdempotentRequests.REPLAYED)).isNull();
        assertThat(theirs.json().get("websiteId")).isNotEqualTo(mine.json().get("websiteId"));
    }

    @Test
    default void aKeyIsFreeAgainAfter24Hours() {
        User user = user("keyed-expiry");
        String id = website(user);
        String key = UUID.randomUUID().toString();
        Map<String, Object> body = version(null, null, file("index.html", "<p>again</p>"));
        assertThat(post("/v1/websites/" + id + "/versions", user, key, body).json().get("version").asInt())
                .isEqualTo(2);
        bean(MovableClock.class).advance(Duration.ofHours(23));
        assertThat(post("/v1/websites/" + id + "/versions", user, key, body).json().get("version").asInt())
                .isEqualTo(2);
        bean(MovableClock.class).advance(Duration.ofHours(1).plusSeconds(1));
        Http.Response later = post("/v1/websites/" + id + "/versions", user, key, body);
        assertThat(later.header(IdempotentRequests.REPLAYED)).isNull();
        assertThat(later.json().get("version").asInt()).isEqualTo(3);
    }

    @Test
    default void aDryRunIsNeverRecordedUnderItsKey() {
        User user = user("keyed-dry");
        String id = website(user);
        String key = UUID.randomUUID().toString();
        Map<String, Object> body = version(null, null, file("index.html", "<p>dry</p>"));
        Http.Response dry = post("/v1/websites/" + id + "/versions?dryRun=true", user, key, body);
        assertThat(dry.header(IdempotentRequests.REPLAYED)).isNull();
        Http.Response real = post("/v1/websites/" + id + "/versions", user, key, body);
        assertThat(real.status()).as(real.text()).isEqualTo(201);
        assertThat(real.header(IdempotentRequests.REPLAYED)).as("the key was still free").isNull();
        assertReplayed(post("/v1/websites/" + id + "/versions", user, key, body), real);
    }

    @Test
    default void invalidKeysAre400AndChangeNothing() {
        User user = user("keyed-invalid");
        Map<String, Object> body = site(null, "Invalid key", file("index.html", "<p>x</p>"));
        for (String key : List.of("", "a".repeat(256), "with space", "tab\tinside")) {
            assertError(post("/v1/websites", user, key, body), 400, "BAD_REQUEST");
        }
        assertError(http().post("/v1/websites", user.token(), body, IdempotentRequests.HEADER, "one",
                IdempotentRequests.HEADER, "two"), 400, "BAD_REQUEST");
        assertThat(post("/v1/websites", user, "~".repeat(255), body).status()).isEqualTo(201);
        assertThat(http().get("/v1/websites", user.token()).json().get("items")).hasSize(1);
    }

    @Test
    default void aLargePublishDecodedWhileReadIsHashedFromItsSpooledFile() {
        User user = user("keyed-large");
        byte[] binary = new byte[13 * 1024 * 1024];
        new Random(14).nextBytes(binary);
        Map<String, Object> body = site(null, "Large", file("index.html", "<p>large</p>"),
                Map.of("path", "big.bin", "contentEncoding", "base64",
                        "content", Base64.getEncoder().encodeToString(binary)));
        String key = UUID.randomUUID().toString();
        Http.Response first = post("/v1/websites", user, key, body);
        assertThat(first.status()).as(first.text()).isEqualTo(201);
        assertReplayed(post("/v1/websites", user, key, body), first);
        binary[binary.length - 1]++;
        Map<String, Object> changed = site(null, "Large", file("index.html", "<p>large</p>"),
                Map.of("path", "big.bin", "contentEncoding", "base64",
                        "content", Base64.getEncoder().encodeToString(binary)));
        assertError(post("/v1/websites", user, key, changed), 422, "IDEMPOTENCY_KEY_REUSED");
        assertThat(http().get("/v1/websites", user.token()).json().get("items")).hasSize(1);
    }

    @Test
    default void aFaultOfOursIsNotKeptSoTheRetryRunsAgain() {
        User user = user("keyed-fault");
        String key = UUID.randomUUID().toString();
        Map<String, Object> body = Map.of("files", List.of(Map.of("path", "img/fault.png")));
        // The test classes make Uploads a spy: its next allocation fails as a fault of ours would.
        Mockito.doThrow(new IllegalStateException("disk on fire")).doCallRealMethod().when(bean(Uploads.class))
                .allocate(Mockito.any(), Mockito.any());
        assertError(post("/v1/uploads", user, key, body), 500, "INTERNAL");
        Http.Response retried = post("/v1/uploads", user, key, body);
        assertThat(retried.status()).as(retried.text()).isEqualTo(201);
        assertThat(retried.header(IdempotentRequests.REPLAYED)).isNull();
        assertReplayed(post("/v1/uploads", user, key, body), retried);
    }

    @Test
    default void faultsAreNotKeptAndAnAbandonedClaimIsTakenOverAfterItsLease() {
        IdempotentRequests requests = bean(IdempotentRequests.class);
        AccountId account = user("keyed-claims").id();
        String key = UUID.randomUUID().toString();
        String fingerprint = IdempotentRequests.fingerprint("POST", "/v1/uploads", new byte[32]);
        IdempotentRequests.Claimed first = (IdempotentRequests.Claimed) requests.claim(account, key, fingerprint);
        IdempotentRequests.Refused running = (IdempotentRequests.Refused) requests.claim(account, key, fingerprint);
        assertThat(running.failure().body().error().code()).isEqualTo("IDEMPOTENCY_IN_PROGRESS");
        assertThat(running.failure().headers()).containsEntry("Retry-After", "1");

        byte[] json = "{}".getBytes(StandardCharsets.UTF_8);
        requests.finish(first, new IdempotentRequests.Answer(500, "application/json", null, json));
        // The 500 was not kept: the key runs again. This run "crashes": it never finishes.
        IdempotentRequests.Claimed abandoned = (IdempotentRequests.Claimed) requests.claim(account, key, fingerprint);
        bean(MovableClock.class).advance(Duration.ofMinutes(14));
        assertThat(requests.claim(account, key, fingerprint)).isInstanceOf(IdempotentRequests.Refused.class);
        bean(MovableClock.class).advance(Duration.ofMinutes(2));
        IdempotentRequests.Claimed takenOver = (IdempotentRequests.Claimed) requests.claim(account, key,
                fingerprint);
        requests.finish(abandoned, new IdempotentRequests.Answer(201, "application/json", null, json));
        assertThat(requests.claim(account, key, fingerprint)).as("the old claim keeps nothing")
                .isInstanceOf(IdempotentRequests.Refused.class);
        byte[] answer = "{\"uploads\":[]}".getBytes(StandardCharsets.UTF_8);
        requests.finish(takenOver, new IdempotentRequests.Answer(201, "application/json", null, answer));
        IdempotentRequests.Replayed replayed = (IdempotentRequests.Replayed) requests.claim(account, key,
                fingerprint);
        assertThat(replayed.answer().body()).isEqualTo(answer);
        assertThat(replayed.answer().status()).isEqualTo(201);

        for (int status : List.of(401, 403, 408, 409, 429, 500, 502, 503)) {
            assertThat(IdempotentRequests.kept(status)).as("%d", status).isFalse();
        }
        for (int status : List.of(200, 201, 400, 404, 413, 415, 422)) {
            assertThat(IdempotentRequests.kept(status)).as("%d", status).isTrue();
        }
    }
}
