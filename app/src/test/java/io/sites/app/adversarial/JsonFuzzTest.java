package io.sites.app.adversarial;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The JSON fuzzer of the adversarial suite: mutated requests to every REST operation of the interface (and the
 * upload PUT) and to every MCP method, from a seeded random source (-Dsites.fuzz.seed=… replays a run). Whatever
 * arrives, the answer is never a 5xx, every REST refusal is the error envelope and every MCP answer a JSON-RPC
 * response (or the envelope for an HTTP-level refusal), no answer names a Java class or carries a stack trace, and
 * the client's mistakes leave no ERROR or WARN line and no stack trace in the log.
 */
class JsonFuzzTest extends EmbeddedAppTest {
    private static final long SEED = Long.getLong("sites.fuzz.seed", 20_261_123L);
    private static final int ROUNDS = Integer.getInteger("sites.fuzz.rounds", 40);
    private static final List<String> LEAKS = List.of("at io.", "Exception", "java.lang", "\tat ", "at java.",
            "at org.", "java.util");

    @LocalServerPort
    int serverPort;

    // The SHA-256 of the target website's index.html, "<p>hi</p>": a digest of bytes Alice has stored.
    static final String TARGET_INDEX_SHA256 = sha256("<p>hi</p>");

    private final Random random = new Random(SEED);
    private final JsonMutator mutator = new JsonMutator(random);
    private final List<String> failures = new ArrayList<>();
    private int requests;
    private int serverErrors;
    private int nonEnvelopes;
    private int leaks;

    @Test
    void hostileRequestsGetEnvelopesNeverA5xxATraceOrAnErrorLog() throws Exception {
        List<String> accountHooksBefore = accountHooks();
        Targets targets = targets();
        McpMessages mcp = new McpMessages(random, targets.websiteId(), targets.jobId());
        RawHttp raw = new RawHttp(serverPort);
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        log.start();
        root.addAppender(log);
        try {
            for (int round = 0; round < ROUNDS; round++) {
                for (Map.Entry<String, Supplier<FuzzRequest>> operation : restOperations(targets).entrySet()) {
                    check(operation.getKey(), operation.getValue().get(), raw, false);
                }
                for (int i = 0; i < 8; i++) {
                    check("mcp", mcp.request(mutator, ALICE), raw, true);
                }
            }
        } finally {
            root.detachAppender(log);
            // Alice's account-wide hooks the fuzzer added would count against other tests' limit of Alice's.
            accountHooks().stream().filter(id -> !accountHooksBefore.contains(id)).forEach(id -> bean(
                    org.springframework.jdbc.core.JdbcTemplate.class).update("delete from webhook where id = ?", id));
        }
        List<ILoggingEvent> loud = log.list.stream().filter(event -> event.getLevel().isGreaterOrEqual(Level.WARN)
                || event.getThrowableProxy() != null).toList();
        long errorLogs = loud.stream().filter(event -> event.getLevel() == Level.ERROR).count();
        long traces = loud.stream().filter(event -> event.getThrowableProxy() != null).count();
        System.out.println("ADVERSARIAL fuzz: requests=" + requests + " 5xx=" + serverErrors + " non-envelope="
                + nonEnvelopes + " stack-traces=" + (leaks + traces) + " error-logs=" + errorLogs
                + " warn-logs=" + (loud.size() - errorLogs) + " seed=" + SEED);
        assertThat(failures).as("answers that broke a promise (seed " + SEED + ")").isEmpty();
        assertThat(loud).as("log lines at WARN or above, or with a stack trace, caused by client mistakes")
                .extracting(event -> event.getLevel() + " " + event.getLoggerName() + ": "
                        + event.getFormattedMessage())
                .isEmpty();
        assertThat(serverErrors + nonEnvelopes + leaks).isZero();
    }

    private List<String> accountHooks() {
        return bean(org.springframework.jdbc.core.JdbcTemplate.class).queryForList("select id from webhook where"
                + " website_id is null and account_id = ?",
                String.class, bean(io.sites.app.identity.Accounts.class).byUsername("alice").orElseThrow().value());
    }

    /** What the fuzzer aims at: a website, a job and an upload slot of its own. */
    private record Targets(String websiteId, String jobId, String putPath, String hookId) {
    }

    private Targets targets() {
        Http http = new Http(serverPort);
        JsonNode created = http.post("/v1/websites", ALICE, site(null, "Fuzz target", file("index.html", "<p>hi</p>"),
                file("old.html", "<p>old</p>"))).json();
        JsonNode slot = http.post("/v1/uploads", ALICE, Map.of("files", List.of(Map.of("path", "a.png", "size", 4))))
                .json().get("uploads").get(0);
        String hook = http.post("/v1/websites/" + created.get("websiteId").asString() + "/webhooks", ALICE,
                Map.of("url", "https://hooks.fuzz-test.invalid/target", "events", List.of("*"))).json().get("id")
                .asString();
        return new Targets(created.get("websiteId").asString(), created.get("jobId").asString(),
                URI.create(slot.get("putUrl").asString()).getRawPath(), hook);
    }

    /** One request of each REST operation, its body or its path and query mutated. */
    private Map<String, Supplier<FuzzRequest>> restOperations(Targets targets) {
        Map<String, Supplier<FuzzRequest>> operations = new LinkedHashMap<>();
        Map<String, Object> website = site(null, "Fuzz", file("index.html", "<p>fuzz</p>"));
        Map<String, Object> version = Map.of("files", List.of(file("index.html", "<p>v</p>")), "promote", false);
        // An edit of version 1 that passes as it is: one file replaced, one by the digest of bytes Alice stored,
        // one dropped, only if version 1 is live; the fuzzer mutates each of these fields from there.
        Map<String, Object> edit = Map.of("baseVersion", 1, "ifCurrentVersion", 1, "deletePaths", List.of("old.html"),
                "promote", false, "files", List.of(file("index.html", "<p>edit</p>"),
                        Map.of("path", "copy.html", "sha256", TARGET_INDEX_SHA256)));
        Map<String, Object> uploads = Map.of("files", List.of(Map.of("path", "img/a.png", "size", 10)));
        operations.put("getApiIndex", () -> get("/v1" + query()));
        operations.put("listWebsites", () -> get("/v1/websites" + query()));
        operations.put("createWebsite", () -> post("/v1/websites", website));
        operations.put("getWebsite", () -> get("/v1/websites/" + segment(targets.websiteId()) + query()));
        operations.put("listWebsiteVersions", () -> get("/v1/websites/" + segment(targets.websiteId())
                + "/versions" + query()));
        operations.put("createWebsiteVersion", () -> post("/v1/websites/" + (random.nextInt(4) == 0
                ? segment(targets.websiteId()) : targets.websiteId()) + "/versions", version));
        operations.put("createWebsiteVersion edit", () -> post("/v1/websites/" + targets.websiteId() + "/versions",
                edit));
        operations.put("createUploads", () -> post("/v1/uploads", uploads));
        operations.put("getJob", () -> get("/v1/jobs/" + segment(targets.jobId()) + query()));
        operations.put("suggestSlug", () -> get("/v1/slugs/suggest?value=" + queryValue()));
        // Round two: the owner's settings, usage reads and custom domains.
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("name", "Fuzz target");
        settings.put("description", "fuzzed");
        settings.put("category", "other");
        settings.put("retainVersions", 50);
        settings.put("expiresAt", null);
        String host = "www.fuzz-example.org";
        operations.put("updateWebsite", () -> withMethod("PATCH", post("/v1/websites/" + (random.nextInt(4) == 0
                ? segment(targets.websiteId()) : targets.websiteId()), settings)));
        operations.put("getWebsiteUsage", () -> get("/v1/websites/" + segment(targets.websiteId()) + "/usage?"
                + mutator.pick(new String[] {"from=", "to=", "granularity=", "from=2026-11-01T00:00:00Z&to="})
                + mutator.pick(new String[] {"2026-11-20T00:00:00Z", "hour", "day", "week", "1999-01-01", "-1",
                        "2026-13-45T99:00:00Z", ""}) + (random.nextBoolean() ? "&" + queryValue() : "")));
        operations.put("getAccountUsage", () -> get("/v1/usage" + query()));
        operations.put("addDomain", () -> post("/v1/websites/" + segment(targets.websiteId()) + "/domains",
                Map.of("hostname", host)));
        operations.put("listDomains", () -> get("/v1/websites/" + segment(targets.websiteId()) + "/domains"
                + query()));
        operations.put("verifyDomain", () -> new FuzzRequest("POST", "/v1/websites/" + targets.websiteId()
                + "/domains/" + segment(host) + "/verify", headers(null), null));
        operations.put("removeDomain", () -> new FuzzRequest("DELETE", "/v1/websites/" + targets.websiteId()
                + "/domains/" + segment(random.nextBoolean() ? host : "localhost"), headers(null), null));
        operations.put("publishDraft", () -> post("/v1/drafts", Map.of("files", List.of(file("index.html",
                "<p>draft</p>")))));
        operations.put("claimDraft", () -> post("/v1/drafts/" + segment(targets.websiteId()) + "/claim",
                Map.of("claimToken", "1893456000.abc")));
        // Round three: webhooks (both scopes) and the live feed, whose every fuzzed request carries a cursor it
        // never wrote, so each is refused before a stream opens.
        Map<String, Object> hook = Map.of("url", "https://hooks.fuzz-test.invalid/in", "events",
                List.of("version.published"));
        String siteHooks = "/v1/websites/" + targets.websiteId() + "/webhooks";
        operations.put("addWebhook", () -> post("/v1/websites/" + segment(targets.websiteId()) + "/webhooks", hook));
        operations.put("addAccountWebhook", () -> post("/v1/webhooks", hook));
        operations.put("listWebhooks", () -> get(random.nextBoolean() ? "/v1/webhooks" + query()
                : "/v1/websites/" + segment(targets.websiteId()) + "/webhooks" + query()));
        String[] hookPaths = {"", "/test", "/deliveries"};
        operations.put("oneWebhook", () -> new FuzzRequest(mutator.pick(new String[] {"GET", "DELETE", "POST"}),
                (random.nextBoolean() ? "/v1/webhooks/" : siteHooks + "/") + segment(targets.hookId())
                        + mutator.pick(hookPaths), headers(null), null));
        operations.put("events", () -> {
            String cursor = mutator.pick(new String[] {"not-a-cursor", "%ff", "LTU", "MTAsMTE", "", "x".repeat(5000),
                    "\u00ff", "LA"});
            List<String> headers = headers(null);
            boolean header = random.nextBoolean() && !cursor.isEmpty();
            if (header) {
                headers.add("Last-Event-ID: " + cursor);
            }
            return new FuzzRequest("GET", "/v1/events?" + (header ? "" : "after=" + (cursor.isEmpty() ? "%zz"
                    : cursor) + "&") + (random.nextBoolean() ? "websiteId=" + segment(targets.websiteId()) : "")
                    + (random.nextBoolean() ? "&" + queryValue() : ""), headers, null);
        });
        // Round four: which digests a publish would have to send, with and without a website, and gzip bodies.
        Map<String, Object> digests = new LinkedHashMap<>();
        digests.put("websiteId", targets.websiteId());
        digests.put("sha256", List.of(TARGET_INDEX_SHA256, sha256("fuzz")));
        operations.put("findMissingDigests", () -> post("/v1/digests/missing", digests));
        operations.put("gzipBody", () -> {
            FuzzRequest plain = post(random.nextBoolean() ? "/v1/digests/missing" : "/v1/websites",
                    random.nextBoolean() ? digests : website);
            List<String> headers = new ArrayList<>(plain.headers());
            headers.add("Content-Encoding: " + mutator.pick(new String[] {"gzip", "x-gzip", "br", "gzip, gzip",
                    "identity", ""}));
            return new FuzzRequest(plain.method(), plain.target(), headers, random.nextBoolean() ? gzip(plain.body())
                    : plain.body());
        });
        // Round five: files sent ahead of a publish (uploadFiles), decoded while read like a publish's.
        Map<String, Object> batch = new LinkedHashMap<>();
        batch.put("files", List.of(Map.of("path", "docs/a.html", "content", "<p>a</p>"),
                Map.of("path", "b.bin", "content", "AAEC", "contentEncoding", "base64")));
        operations.put("uploadFiles", () -> post("/v1/uploads/batch", batch));
        operations.put("uploadPut", () -> new FuzzRequest("PUT", random.nextBoolean() ? targets.putPath()
                : "/uploads/" + segment("secret"), headers(mutator.pick(new String[] {"image/png",
                        "application/x-www-form-urlencoded", "application/json", "text/plain; charset=bogus", ""})),
                mutator.pick(new String[] {"%ff", "a=%zz&b", "\u0089PNG", "{\"x\":"}).getBytes(StandardCharsets.UTF_8)));
        return operations;
    }

    private static byte[] gzip(byte[] body) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream zip = new java.util.zip.GZIPOutputStream(out)) {
            zip.write(body);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static String sha256(String text) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static FuzzRequest withMethod(String method, FuzzRequest request) {
        return new FuzzRequest(method, request.target(), request.headers(), request.body());
    }

    private FuzzRequest get(String target) {
        return new FuzzRequest("GET", target, headers(null), null);
    }

    private FuzzRequest post(String target, Object valid) {
        return new FuzzRequest("POST", target, headers(mutator.pick(new String[] {"application/json",
                "application/json", "application/json", "application/json; charset=utf-8", "text/plain",
                "application/json; charset=iso-8859-1", "application/json; charset=utf-16",
                "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/*"})),
                mutator.bytes(mutator.mutate(valid)));
    }

    /** Mostly Alice's token; sometimes none, a wrong one, a malformed one; now and then an odd Accept. */
    private List<String> headers(String contentType) {
        List<String> headers = new ArrayList<>();
        if (contentType != null && !contentType.isEmpty()) {
            headers.add("Content-Type: " + contentType);
        }
        int token = random.nextInt(20);
        if (token < 16) {
            headers.add("Authorization: Bearer " + ALICE);
        } else if (token == 16) {
            headers.add("Authorization: Bearer sites_pat_%ff" + "0".repeat(40));
        } else if (token == 17) {
            headers.add("Authorization: Basic " + "\u00ff\u00fe");
        } else if (token == 18) {
            headers.add("Authorization: Bearer");
        }
        if (random.nextInt(6) == 0) {
            headers.add("Accept: " + mutator.pick(new String[] {"text/html", "application/xml", "*/*", "x",
                    "application/json;q=0", "\u00ff"}));
        }
        return headers;
    }

    /** A path segment: the real one, or text that is odd, badly encoded, or not encoded at all. */
    private String segment(String valid) {
        return switch (random.nextInt(8)) {
            case 0, 1 -> valid;
            case 2 -> mutator.pick(new String[] {"%ff", "%", "%zz", "%c0%af", "%e2%82", "%2e%2e", "%00", "%2f"});
            case 3 -> valid + mutator.pick(new String[] {"%ff", "%20", ";x=1", "%c3%a9", ".json", "/", "//"});
            case 4 -> "\u00ff\u00fe";
            case 5 -> "x".repeat(3000);
            case 6 -> "web_" + Long.toString(random.nextLong() & Long.MAX_VALUE, 36);
            default -> "job_%3Cscript%3E";
        };
    }

    private String query() {
        return random.nextInt(3) == 0 ? "?" + mutator.pick(new String[] {"x=", "cursor=", "limit=", "slug=", ""})
                + queryValue() : "";
    }

    private String queryValue() {
        return mutator.pick(new String[] {"bakery", "%ff", "%", "%zz", "%c0%af", "%e2%82", "%ed%a0%80", "a+b",
                "%C3%A9t%C3%A9", "", "x".repeat(2000), "a&&&=&=b", "%00", "\u00ff", "%f0%9f%99%82", "a%2", "%%"});
    }

    private void check(String operation, FuzzRequest request, RawHttp raw, boolean mcp) throws Exception {
        RawHttp.Response response = raw.send(request.method(), request.target(), request.headers(), request.body());
        requests++;
        String text = response.text();
        String what = operation + " " + request + " -> " + response.status() + " "
                + text.substring(0, Math.min(300, text.length()));
        if (response.status() >= 500 || response.status() < 0) {
            serverErrors++;
            failures.add("5xx or no answer: " + what);
        }
        for (String leak : LEAKS) {
            if (text.contains(leak)) {
                leaks++;
                failures.add("names Java (" + leak + "): " + what);
                break;
            }
        }
        boolean fine = mcp ? jsonRpcOrEnvelope(response) : response.status() < 300 || envelope(response);
        if (!fine) {
            nonEnvelopes++;
            failures.add((mcp ? "not JSON-RPC: " : "not the envelope: ") + what);
        }
    }

    private static boolean envelope(RawHttp.Response response) {
        JsonNode body = json(response);
        JsonNode error = body == null ? null : body.get("error");
        return error != null && error.isObject() && error.path("code").isString()
                && error.path("message").isString() && !error.path("message").asString().isBlank();
    }

    /** A JSON-RPC response (result, or error with a code and a message), a 202 to a notification, or the envelope. */
    private static boolean jsonRpcOrEnvelope(RawHttp.Response response) {
        if (response.status() == 202 && response.body().length == 0) {
            return true;
        }
        JsonNode body = json(response);
        if (body != null && "2.0".equals(body.path("jsonrpc").asString(null)) && body.has("id")) {
            JsonNode error = body.get("error");
            return body.has("result") != (error != null) && (error == null || error.path("code").isInt()
                    && error.path("message").isString());
        }
        return response.status() >= 400 && envelope(response);
    }

    private static JsonNode json(RawHttp.Response response) {
        String type = response.header("Content-Type");
        if (type == null || !type.startsWith("application/json")) {
            return null;
        }
        try {
            return Http.JSON.readTree(response.body());
        } catch (RuntimeException e) {
            return null;
        }
    }
}
