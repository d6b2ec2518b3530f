package io.sites.app.usecases;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.MovableClock;
import io.sites.api.id.AccountId;
import io.sites.app.identity.AccessTokens;
import io.sites.app.identity.Accounts;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * publishDraft and claimDraft over real HTTP where the operator enabled anonymous drafts (and a clock the tests
 * move): the 201 with its claim, the notice on the draft's pages, the draft's restrictions and limits (size, rate per
 * address with 429 and Retry-After), the claim by token (ownership, expiry cleared, history, publishable, single
 * use), refused claim tokens, and expiry of an unclaimed draft. Runs on PostgreSQL and on the embedded default.
 */
public interface DraftsContract {
    String PAGE = "<!DOCTYPE html><html><body><p>hello draft</p></body></html>";

    Http http();

    <T> T bean(Class<T> type);

    record User(AccountId id, String token) {
    }

    default User user(String prefix) {
        AccountId id = bean(Accounts.class).createIfAbsent(unique(prefix));
        return new User(id, bean(AccessTokens.class).mint(id, "test", null));
    }

    /** A new hour of the rate window, so each test has the whole budget whatever ran before. */
    default void freshWindow() {
        bean(MovableClock.class).advance(Duration.ofHours(2));
    }

    @SafeVarargs
    static Map<String, Object> draft(Map<String, Object>... files) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", "Agent draft");
        body.put("files", List.of(files));
        return body;
    }

    default JsonNode publishDraft() {
        Http.Response created = http().post("/v1/drafts", null, draft(file("index.html", PAGE),
                file("style.css", "p { color: red }")));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        return created.json();
    }

    default Http.Response claim(String websiteId, String token, String claimToken) {
        return http().post("/v1/drafts/" + websiteId + "/claim", token, Map.of("claimToken", claimToken));
    }

    private static String code(Http.Response response) {
        return response.json().get("error").get("code").asString();
    }

    @Test
    default void anAnonymousDraftIsServedWithItsNoticeAndAnswersItsClaim() {
        freshWindow();
        Instant before = bean(MovableClock.class).instant();
        JsonNode draft = publishDraft();
        String id = draft.get("websiteId").asString();
        String slug = draft.get("slug").asString();
        assertThat(slug).startsWith("draft-");
        assertThat(draft.get("url").asString()).contains(slug);
        assertThat(Duration.between(before, Instant.parse(draft.get("expiresAt").asString())))
                .isBetween(Duration.ofHours(24), Duration.ofHours(24).plusMinutes(1));
        assertThat(draft.get("claimUrl").asString()).contains("/app/drafts/" + id + "/claim?token="
                + draft.get("claimToken").asString());

        String page = http().site(slug, "/").text();
        assertThat(page).contains("hello draft", "data-sites-draft-notice", "Unclaimed draft");
        assertThat(page.strip()).as("the notice last, after anything the page writes").endsWith("</sites-draft-notice>");
        assertThat(page).as("no script of its own runs").contains("script-src 'none'");
        assertThat(http().site(slug, "/style.css").text()).isEqualTo("p { color: red }");
    }

    /** tools/call of publish_draft at the tokenless MCP endpoint, as raw JSON-RPC. */
    static Http.Response mcpDraft(Http http, String files) {
        return http.post("/mcp/drafts", null, """
                {"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"publish_draft",
                 "arguments":{"name":"MCP draft","files":%s}}}""".formatted(files),
                "Accept", "application/json, text/event-stream");
    }

    @Test
    default void anAgentWithoutATokenPublishesADraftOverMcpAtItsOwnEndpoint() {
        freshWindow();
        Http.Response called = mcpDraft(http(), "[{\"path\":\"index.html\",\"content\":\"<p>mcp</p>\"}]");
        assertThat(called.status()).as(called.text()).isEqualTo(200);
        JsonNode result = called.json().get("result");
        assertThat(result.get("isError").asBoolean()).as(called.text()).isFalse();
        JsonNode draft = result.get("structuredContent");
        assertThat(draft.get("claimUrl").asString()).contains("/claim?token=");
        assertThat(http().site(draft.get("slug").asString(), "/").text()).contains("mcp", "data-sites-draft-notice");

        Http.Response headers = mcpDraft(http(), "[{\"path\":\"index.html\",\"content\":\"<p>x</p>\"},"
                + "{\"path\":\"_headers\",\"content\":\"/*\\n  X-A: b\"}]");
        assertThat(headers.json().at("/result/isError").asBoolean()).isTrue();
        assertThat(headers.json().at("/result/structuredContent/error/code").asString()).isEqualTo("DRAFT_RESTRICTED");
        assertThat(http().post("/mcp", null, "{}", "Accept", "application/json, text/event-stream").status())
                .as("the token-guarded endpoint is unchanged").isEqualTo(401);
    }

    @Test
    default void aDraftMayNotCarryHeadersPasswordDomainsOrRemoteFilesNorWeighMoreThanTheLimit() {
        freshWindow();
        Http.Response headers = http().post("/v1/drafts", null, draft(file("index.html", PAGE),
                file("_headers", "/*\n  X-Frame-Options: DENY\n")));
        assertThat(headers.status()).isEqualTo(422);
        assertThat(code(headers)).isEqualTo("DRAFT_RESTRICTED");
        assertThat(headers.json().get("error").get("message").asString()).contains("_headers");

        Http.Response redirects = http().post("/v1/drafts", null, draft(file("index.html", PAGE),
                file("/_redirects", "/go https://phishing.example/ 302\n")));
        assertThat(code(redirects)).isEqualTo("DRAFT_RESTRICTED");
        assertThat(redirects.json().get("error").get("message").asString()).contains("_redirects");

        Map<String, Object> withPassword = draft(file("index.html", PAGE));
        withPassword.put("password", "secret");
        Http.Response password = http().post("/v1/drafts", null, withPassword);
        assertThat(password.status()).isEqualTo(422);
        assertThat(code(password)).isEqualTo("DRAFT_RESTRICTED");
        assertThat(password.json().get("error").get("message").asString()).contains("password");

        Map<String, Object> withDomains = draft(file("index.html", PAGE));
        withDomains.put("domains", List.of("www.example.com"));
        Http.Response domains = http().post("/v1/drafts", null, withDomains);
        assertThat(code(domains)).isEqualTo("DRAFT_RESTRICTED");
        assertThat(domains.json().get("error").get("message").asString()).contains("domains");

        Map<String, Object> byDigest = new LinkedHashMap<>(Map.of("path", "index.html", "sha256", "a".repeat(64)));
        Http.Response remote = http().post("/v1/drafts", null, draft(byDigest));
        assertThat(code(remote)).isEqualTo("DRAFT_RESTRICTED");

        Http.Response large = http().post("/v1/drafts", null, draft(file("index.html", PAGE),
                file("big.txt", "x".repeat(5000))));
        assertThat(large.status()).isEqualTo(413);
        assertThat(code(large)).isEqualTo("DRAFT_TOO_LARGE");
        Http.Response body = http().post("/v1/drafts", null, draft(file("index.html", "x".repeat(100_000))));
        assertThat(body.status()).as("refused by its declared length, before it is read").isEqualTo(413);
        assertThat(code(body)).isEqualTo("DRAFT_TOO_LARGE");

        // Nobody owns a draft: no token reaches its settings or domains before a claim.
        JsonNode draft = publishDraft();
        User stranger = user("stranger");
        Http.Response domain = http().post("/v1/websites/" + draft.get("websiteId").asString() + "/domains",
                stranger.token(), Map.of("hostname", "www.example.com"));
        assertThat(domain.status()).isEqualTo(404);
    }

    @Test
    default void draftsFromOneAddressAreLimitedPerHourWithRetryAfter() {
        freshWindow();
        for (int i = 0; i < 4; i++) {
            publishDraft();
        }
        Http.Response refused = http().post("/v1/drafts", null, draft(file("index.html", PAGE)));
        assertThat(refused.status()).isEqualTo(429);
        assertThat(code(refused)).isEqualTo("RATE_LIMITED");
        assertThat(refused.json().get("error").get("message").asString()).contains("drafts an hour");
        assertThat(Long.parseLong(refused.header("Retry-After"))).isPositive();
        freshWindow();
    }

    @Test
    default void aClaimMovesTheDraftIntoTheAccountClearsItsExpiryAndWorksOnce() {
        freshWindow();
        JsonNode draft = publishDraft();
        String id = draft.get("websiteId").asString();
        String slug = draft.get("slug").asString();
        User owner = user("claimer");

        Http.Response anonymous = claim(id, null, draft.get("claimToken").asString());
        assertThat(anonymous.status()).isEqualTo(401);

        Http.Response claimed = claim(id, owner.token(), draft.get("claimToken").asString());
        assertThat(claimed.status()).as(claimed.text()).isEqualTo(200);
        assertThat(claimed.json().get("id").asString()).isEqualTo(id);
        assertThat(claimed.json().get("expiresAt").isNull()).isTrue();

        JsonNode listed = http().get("/v1/websites", owner.token()).json().get("websites");
        assertThat(listed.valueStream().map(w -> w.get("id").asString()).toList()).contains(id);
        assertThat(http().site(slug, "/").text()).as("the notice-free version is live").contains("hello draft")
                .doesNotContain("data-sites-draft-notice");

        JsonNode history = http().get("/v1/websites/" + id + "/history", owner.token()).json().get("items");
        JsonNode entry = history.valueStream().filter(e -> e.get("type").asString().equals("draft.claimed"))
                .findFirst().orElseThrow();
        assertThat(entry.get("actor").get("accountId").asString()).isEqualTo(owner.id().value());

        Http.Response published = http().post("/v1/websites/" + id + "/versions", owner.token(),
                version(true, "mine now", file("index.html", "<p>mine</p>")));
        assertThat(published.status()).as(published.text()).isEqualTo(201);
        assertThat(http().site(slug, "/").text()).isEqualTo("<p>mine</p>");

        Http.Response again = claim(id, user("second").token(), draft.get("claimToken").asString());
        assertThat(again.status()).isEqualTo(403);
        assertThat(code(again)).isEqualTo("CLAIM_INVALID");
        assertThat(http().get("/v1/websites/" + id, owner.token()).status()).as("still the first claimer's")
                .isEqualTo(200);
    }

    @Test
    default void forgedAlteredForeignAndExpiredClaimTokensAreRefused() {
        freshWindow();
        JsonNode draft = publishDraft();
        JsonNode other = publishDraft();
        String id = draft.get("websiteId").asString();
        String token = draft.get("claimToken").asString();
        User owner = user("forger");

        String expires = token.substring(0, token.indexOf('.'));
        String signature = token.substring(token.indexOf('.') + 1);
        String flipped = (signature.charAt(0) == 'A' ? "B" : "A") + signature.substring(1);
        for (String bad : List.of(expires + "." + flipped, (Long.parseLong(expires) + 86400) + "." + signature,
                other.get("claimToken").asString(), "nonsense", "")) {
            Http.Response refused = claim(id, owner.token(), bad);
            assertThat(refused.status()).as(bad).isEqualTo(403);
            assertThat(code(refused)).isEqualTo("CLAIM_INVALID");
        }
        Http.Response unknown = claim("web_doesnotexist", owner.token(), token);
        assertThat(code(unknown)).isEqualTo("CLAIM_INVALID");

        bean(MovableClock.class).advance(Duration.ofHours(25));
        Http.Response expired = claim(id, owner.token(), token);
        assertThat(expired.status()).isEqualTo(403);
        assertThat(code(expired)).isEqualTo("CLAIM_INVALID");
        assertThat(http().get("/v1/websites", owner.token()).json().get("websites").valueStream()
                .map(w -> w.get("id").asString()).toList()).doesNotContain(id);
    }

    @Test
    default void anUnclaimedDraftExpiresThroughTheExpirySweep() {
        freshWindow();
        JsonNode draft = publishDraft();
        String slug = draft.get("slug").asString();
        assertThat(http().site(slug, "/").status()).isEqualTo(200);

        bean(MovableClock.class).advance(Duration.ofHours(25));
        assertThat(bean(WebsiteExpiry.class).sweep()).isPositive();
        assertThat(http().site(slug, "/").status()).isIn(404, 410);
    }
}
