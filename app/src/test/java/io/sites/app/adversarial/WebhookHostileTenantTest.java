package io.sites.app.adversarial;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.id.AccountId;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.app.identity.AccessTokens;
import io.sites.app.identity.Accounts;
import io.sites.app.web.EventStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * A hostile tenant against webhooks and the live feed: malformed and huge bodies, URLs that point inward however
 * spelled, other accounts' hook ids, forged resume cursors and more streams than allowed. Every answer is the JSON
 * error envelope (never HTML, a stack trace or an echo that grows with the input), a stranger's hook is 404 and
 * unchanged, and nothing refused leaves a row.
 */
class WebhookHostileTenantTest extends EmbeddedAppTest {
    private static final String NOWHERE = "https://hooks.hostile-test.invalid/in";
    private static final List<String> LEAKS = List.of("Exception", "\tat ", "at io.", "at java.", "java.lang",
            "<html", "<!DOCTYPE");

    private record User(AccountId id, String token) {
    }

    @Test
    void refusedRegistrationsAreEnvelopesAndLeaveNoRow() {
        User tenant = user("hostile-hooks");
        String website = website(tenant);
        List<String> failures = new ArrayList<>();
        int requests = 0;
        for (String path : List.of("/v1/websites/" + website + "/webhooks", "/v1/webhooks")) {
            for (String body : bodies()) {
                requests++;
                refused(http().send("POST", path, tenant.token(), "application/json", body), "body "
                        + body.substring(0, Math.min(60, body.length())), failures);
            }
            for (String url : urls()) {
                requests++;
                Http.Response answer = http().post(path, tenant.token(), Map.of("url", url, "events",
                        List.of("*")));
                refused(answer, "url " + url, failures);
                if (answer.status() != 201 && answer.status() != 422) {
                    failures.add("url " + url + ": " + answer.status() + " not 422 " + answer.text());
                }
            }
        }
        System.out.println("ADVERSARIAL webhook-registrations: requests=" + requests + " broken=" + failures.size()
                + " rows=" + rows(tenant));
        assertThat(failures).isEmpty();
        assertThat(rows(tenant)).as("nothing refused leaves a row").isZero();
    }

    @Test
    void anotherAccountsHooksAre404AndStayAsTheyWere() {
        User owner = user("hook-owner");
        User stranger = user("hook-stranger");
        String ownerSite = website(owner);
        String strangerSite = website(stranger);
        String siteHook = add(owner, "/v1/websites/" + ownerSite + "/webhooks", NOWHERE + "/site-secret");
        String accountHook = add(owner, "/v1/webhooks", NOWHERE + "/account-secret");
        List<String> failures = new ArrayList<>();
        List<String> bases = List.of("/v1/webhooks/", "/v1/websites/" + ownerSite + "/webhooks/",
                "/v1/websites/" + strangerSite + "/webhooks/");
        for (String base : bases) {
            for (String hook : List.of(siteHook, accountHook)) {
                for (String[] call : new String[][] {{"GET", ""}, {"DELETE", ""}, {"POST", "/test"},
                        {"GET", "/deliveries"}}) {
                    Http.Response answer = http().send(call[0], base + hook + call[1], stranger.token(), null, null);
                    if (answer.status() != 404 || answer.text().contains("secret") || !envelope(answer)) {
                        failures.add(call[0] + " " + base + hook + call[1] + " -> " + answer.status() + " "
                                + answer.text());
                    }
                }
            }
        }
        Http.Response intoTheirs = http().post("/v1/websites/" + ownerSite + "/webhooks", stranger.token(),
                Map.of("url", NOWHERE, "events", List.of("*")));
        assertThat(intoTheirs.status()).isEqualTo(404);
        assertThat(http().get("/v1/webhooks", stranger.token()).json().get("webhooks")).isEmpty();
        assertThat(http().get("/v1/websites/" + strangerSite + "/webhooks", stranger.token()).json()
                .get("webhooks")).isEmpty();
        assertThat(failures).isEmpty();
        assertThat(rows(stranger)).isZero();
        assertThat(rows(owner)).as("both of the owner's hooks are still there").isEqualTo(2);
        assertThat(bean(JdbcTemplate.class).queryForObject("select count(*) from webhook_delivery where hook_id in"
                + " (?, ?)", Integer.class, siteHook, accountHook)).as("no test delivery was recorded").isZero();
        assertThat(http().get("/v1/webhooks/" + accountHook, owner.token()).status()).isEqualTo(200);
    }

    @Test
    void forgedCursorsAreRefusedAndStreamsAreCapped() throws Exception {
        User tenant = user("hostile-feed");
        User stranger = user("hostile-feed-other");
        String theirs = website(stranger);
        RawHttp raw = new RawHttp(port);
        List<String> failures = new ArrayList<>();
        String auth = "Authorization: Bearer " + tenant.token();
        for (String cursor : cursors()) {
            check(raw.send("GET", "/v1/events", List.of(auth, "Last-Event-ID: " + cursor), null), 400,
                    "Last-Event-ID " + cursor, failures);
            check(raw.send("GET", "/v1/events?after=" + encoded(cursor), List.of(auth), null), 400, "after "
                    + cursor, failures);
        }
        check(raw.send("GET", "/v1/events?websiteId=" + theirs, List.of(auth), null), 404, "their website",
                failures);
        check(raw.send("GET", "/v1/events?websiteId=" + "x".repeat(3000), List.of(auth), null), 404, "long id",
                failures);
        check(raw.send("GET", "/v1/events", List.of("Authorization: Bearer sites_pat_" + "0".repeat(40)), null),
                401, "no account", failures);
        assertThat(failures).isEmpty();

        int cap = bean(io.sites.app.feed.FeedProperties.class).streamsPerAccount();
        List<EventStream> streams = new ArrayList<>();
        try {
            for (int i = 0; i < cap; i++) {
                streams.add(EventStream.open(port, tenant.token(), "", null));
                assertThat(streams.getLast().resumePoint()).isNotBlank();
            }
            for (int i = 0; i < 3; i++) {
                RawHttp.Response over = raw.send("GET", "/v1/events", List.of(auth), null);
                check(over, 429, "stream " + (cap + i + 1), failures);
            }
        } finally {
            streams.forEach(EventStream::close);
        }
        System.out.println("ADVERSARIAL feed: cursors=" + cursors().size() * 2 + " cap=" + cap + " broken="
                + failures.size());
        assertThat(failures).isEmpty();
    }

    /** Malformed and huge bodies: none may become a hook or an answer that is not the envelope. */
    private static List<String> bodies() {
        String big = "x".repeat(3_000_000);
        String deep = "[".repeat(5000) + "]".repeat(5000);
        String manyTypes = IntStream.range(0, 20_000).mapToObj(i -> "\"type." + i + "\"")
                .collect(Collectors.joining(",", "[", "]"));
        return List.of("", "null", "[]", "{", "\"url\"", "{\"url\": 5, \"events\": [\"*\"]}",
                "{\"url\": \"" + NOWHERE + "\", \"events\": \"*\"}", "{\"url\": [], \"events\": [1]}",
                "{\"events\": [\"*\"]}", "{\"url\": \"" + NOWHERE + "\"}", "{\"url\": \"" + NOWHERE
                        + "\", \"events\": [null]}",
                "{\"url\": \"" + NOWHERE + "\", \"events\": [\"" + big + "\"]}",
                "{\"url\": \"https://a.invalid/" + big + "\", \"events\": [\"*\"]}",
                "{\"url\": \"" + NOWHERE + "\", \"events\": " + manyTypes + "}",
                "{\"url\": \"" + NOWHERE + "\", \"events\": " + deep + "}", deep,
                "{\"url\": \"" + NOWHERE + "\", \"events\": [\"*\"], \"url\": \"https://10.0.0.1/\"}",
                "{\"url\": \"\\u0000https://10.0.0.1/\", \"events\": [\"*\"]}");
    }

    /** URLs a webhook must never have: inward however spelled, not https, with user information, odd IDN. */
    private static List<String> urls() {
        return List.of("http://hooks.example.com/in", "ftp://hooks.example.com/", "javascript:alert(1)",
                "file:///etc/passwd", "https:///in", "https://", "//hooks.example.com/in", "hooks.example.com",
                "https://127.0.0.1/in", "https://127.1/in", "https://0x7f000001/in", "https://0177.0.0.1/in",
                "https://2130706433/in", "https://0.0.0.0/in", "https://10.0.0.7/in", "https://172.16.0.1/in",
                "https://192.168.1.1/in", "https://169.254.169.254/latest/meta-data/", "https://[::1]/in",
                "https://[::]/in", "https://[::ffff:127.0.0.1]/in", "https://[::ffff:7f00:1]/in",
                "https://[fd00::1]/in", "https://[fe80::1%25eth0]/in", "https://localhost/in",
                "https://LOCALHOST./in", "https://localhost:8443/in", "https://user@hooks.example.com/in",
                "https://user:pass@hooks.example.com/in", "https://hooks.example.com@127.0.0.1/in",
                "https://127.0.0.1#@hooks.example.com/in", "https://127.0.0.1\\@hooks.example.com/in",
                "https://%31%32%37.0.0.1/in", "https://\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54/in",
                "https://127\u30020\u30020\u30021/in", "https://\u2460\u2461\u2466.0.0.1/in",
                "https://hooks.example.com\u2044127.0.0.1/in", "https://hooks.example.com:0/in",
                "https://hooks.example.com:99999/in", "https://hooks.example.com:-1/in", " https://10.0.0.1/in ",
                "https://10.0.0.1:443\t/in", "https://hooks.example.com/" + "a".repeat(3000));
    }

    /** Resume cursors this feed never wrote. */
    private static List<String> cursors() {
        List<String> cursors = new ArrayList<>(List.of("not-a-cursor", "%%%", "====", "x".repeat(5000),
                "\u00ff\u00fe", "-", "0", "AAAA"));
        for (String text : List.of("-5", "10,11", "10,-1", "a,b", "9223372036854775808", "5,5", ",",
                "100000," + IntStream.range(0, 600).mapToObj(Integer::toString).collect(Collectors.joining(",")))) {
            cursors.add(Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(
                    StandardCharsets.US_ASCII)));
        }
        return cursors;
    }

    private void refused(Http.Response answer, String what, List<String> failures) {
        String text = answer.text();
        String shown = what + " -> " + answer.status() + " " + text.substring(0, Math.min(200, text.length()));
        if (answer.status() < 400 || answer.status() >= 500 || !envelope(answer)) {
            failures.add("not a refusal in the envelope: " + shown);
        }
        if (text.length() > 8192) {
            failures.add("an answer of " + text.length() + " characters: " + shown);
        }
        LEAKS.stream().filter(text::contains).findFirst().ifPresent(leak -> failures.add("leaks " + leak + ": "
                + shown));
    }

    private static void check(RawHttp.Response answer, int status, String what, List<String> failures) {
        String text = answer.text();
        JsonNode body = null;
        try {
            body = answer.header("Content-Type") != null && answer.header("Content-Type").startsWith(
                    "application/json") ? Http.JSON.readTree(answer.body()) : null;
        } catch (RuntimeException notJson) {
            // counted below
        }
        boolean envelope = body != null && body.path("error").path("code").isString()
                && !body.path("error").path("message").asString("").isBlank();
        if (answer.status() != status || !envelope || LEAKS.stream().anyMatch(text::contains)) {
            failures.add(what + " -> " + answer.status() + " (want " + status + ") "
                    + text.substring(0, Math.min(200, text.length())));
        }
    }

    private static boolean envelope(Http.Response answer) {
        String type = answer.header("Content-Type");
        if (type == null || !type.startsWith("application/json")) {
            return false;
        }
        try {
            JsonNode error = answer.json().get("error");
            return error != null && error.path("code").isString() && !error.path("message").asString("").isBlank();
        } catch (RuntimeException notJson) {
            return false;
        }
    }

    private User user(String prefix) {
        AccountId id = bean(Accounts.class).createIfAbsent(unique(prefix));
        return new User(id, bean(AccessTokens.class).mint(id, "test", null));
    }

    private String website(User owner) {
        Http.Response created = http().post("/v1/websites", owner.token(), site(unique("hostile"), "Hostile",
                file("index.html", "<p>h</p>")));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        return created.json().get("websiteId").asString();
    }

    private String add(User owner, String path, String url) {
        Http.Response added = http().post(path, owner.token(), Map.of("url", url, "events", List.of("*")));
        assertThat(added.status()).as(added.text()).isEqualTo(201);
        return added.json().get("id").asString();
    }

    private int rows(User user) {
        return bean(JdbcTemplate.class).queryForObject("select count(*) from webhook where account_id = ?",
                Integer.class, user.id().value());
    }

    private static String encoded(String cursor) {
        return java.net.URLEncoder.encode(cursor, StandardCharsets.UTF_8);
    }
}
