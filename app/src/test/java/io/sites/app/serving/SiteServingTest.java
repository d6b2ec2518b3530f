package io.sites.app.serving;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.decoder.Decoder;
import com.aayushatharva.brotli4j.decoder.DecoderJNI;
import com.aayushatharva.brotli4j.decoder.DirectDecompress;
import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.command.DeleteWebsiteCommand;
import io.sites.api.id.WebsiteId;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.app.RateWindowTiming;
import io.sites.app.PreviewLinks;
import io.sites.app.identity.Accounts;
import io.sites.command.website.SitePasswords;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.function.Supplier;
import java.util.zip.GZIPInputStream;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/** Site hosts over real HTTP: routing, HTTP semantics, compression, security headers, previews, passwords. */
// Its own context (a property of its own): an embedded context cached earlier stops following its event stream
// once another context has started in this JVM (seen after RequestLimitsTest; cause not found yet).
@TestPropertySource(properties = "sites.site-server.cache-bytes=67108864")
class SiteServingTest extends EmbeddedAppTest {
    private static final String CSS = "body { color: sienna; }\n".repeat(200);

    @Autowired
    CommandGateway commands;
    @Autowired
    SitePasswords passwords;
    @Autowired
    Accounts accounts;

    private String slug;
    private String websiteId;

    @BeforeEach
    void publish() {
        slug = unique("serve");
        Http.Response created = http().post("/v1/websites", ALICE, site(slug, "Serve",
                file("index.html", "<!doctype html><title>home</title><p>home page</p>"),
                file("about.html", "<p>about page</p>"),
                file("docs/index.html", "<p>docs index</p>"),
                file("my page.html", "<p>spaced</p>"),
                file("404.html", "<p>custom missing</p>"),
                file("assets/site.css", CSS),
                file("data.json", "{\"a\":1}")));
        assertThat(created.status()).isEqualTo(201);
        websiteId = created.json().get("websiteId").asString();
    }

    /** Where site hosts are served: the API's port here; the Netty listener's port in the subclass. */
    protected Http sites() {
        return http();
    }

    private Http.Response get(String path, String... headers) {
        return sites().onHost(slug + ".localhost", "GET", path, headers);
    }

    @Test
    void siteRulesRedirectRewriteAndAddHeaders() {
        String ruled = unique("rules");
        Http.Response created = http().post("/v1/websites", ALICE, site(ruled, "Rules",
                file("index.html", "<!doctype html><title>app</title><p>spa shell</p>"),
                file("about.html", "<p>about page</p>"),
                file("legacy.html", "<p>legacy page</p>"),
                file("gone.html", "<p>gone page</p>"),
                file("missing.html", "<p>custom missing</p>"),
                file("assets/app.css", CSS),
                file("_redirects", String.join("\n",
                        "/old-about     /about",
                        "/blog/:year/:slug  /posts/:year/:slug 302",
                        "/docs/*        /manual/:splat 308",
                        "/legacy        /about 301!",
                        "/shop          https://shop.example.com/ 307",
                        "/retired       /gone.html 410",
                        "/nothing/*     /missing.html 404",
                        "/*             /index.html 200", "")),
                file("_headers", "/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n"
                        + "/*\n  X-Frame-Options: DENY\n")));
        assertThat(created.status()).isEqualTo(201);
        java.util.function.Function<String, Http.Response> on =
                path -> sites().onHost(ruled + ".localhost", "GET", path);

        Http.Response moved = on.apply("/old-about");
        assertThat(moved.status()).isEqualTo(301);
        assertThat(moved.header("Location")).isEqualTo("/about");
        Http.Response placeholder = on.apply("/blog/2024/hello");
        assertThat(placeholder.status()).isEqualTo(302);
        assertThat(placeholder.header("Location")).isEqualTo("/posts/2024/hello");
        Http.Response splat = on.apply("/docs/guide/start.html");
        assertThat(splat.status()).isEqualTo(308);
        assertThat(splat.header("Location")).isEqualTo("/manual/guide/start.html");
        Http.Response external = on.apply("/shop");
        assertThat(external.status()).isEqualTo(307);
        assertThat(external.header("Location")).isEqualTo("https://shop.example.com/");

        assertThat(on.apply("/about").text()).as("a file wins over the catch-all").contains("about page");
        Http.Response forced = on.apply("/legacy");
        assertThat(forced.status()).as("a forced rule wins over the file legacy.html").isEqualTo(301);
        assertThat(forced.header("Location")).isEqualTo("/about");

        Http.Response spa = on.apply("/app/settings/profile");
        assertThat(spa.status()).as("the SPA fallback rewrites").isEqualTo(200);
        assertThat(spa.text()).contains("spa shell");
        assertThat(spa.header("Location")).isNull();

        Http.Response retired = on.apply("/retired");
        assertThat(retired.status()).isEqualTo(410);
        assertThat(retired.text()).contains("gone page");
        Http.Response custom404 = on.apply("/nothing/here");
        assertThat(custom404.status()).isEqualTo(404);
        assertThat(custom404.text()).contains("custom missing");

        Http.Response asset = on.apply("/assets/app.css");
        assertThat(asset.header("Cache-Control")).isEqualTo("public, max-age=31536000, immutable");
        assertThat(asset.header("X-Frame-Options")).isEqualTo("DENY");
        assertThat(asset.header("Content-Security-Policy")).as("the policy stays the server's")
                .contains("frame-ancestors 'none'");
        assertThat(on.apply("/assets/app.css").header("X-Frame-Options")).as("again, from a reused head")
                .isEqualTo("DENY");
        assertThat(on.apply("/about").header("X-Frame-Options")).isEqualTo("DENY");
        assertThat(on.apply("/about").header("Cache-Control")).isEqualTo("no-cache");

        for (String rulesFile : new String[] {"/_redirects", "/_headers"}) {
            Http.Response hidden = on.apply(rulesFile);
            assertThat(hidden.text()).as(rulesFile + " is not served").doesNotContain("/old-about", "max-age");
        }
    }

    @Test
    void rulesFilesAreNotServedWithoutACatchAll() {
        String ruled = unique("rulesfile");
        assertThat(http().post("/v1/websites", ALICE, site(ruled, "Rules",
                file("index.html", "<p>home</p>"),
                file("_redirects", "/a /index.html 200\n"),
                file("_headers", "/a\n  X-A: 1\n"))).status()).isEqualTo(201);
        assertThat(sites().onHost(ruled + ".localhost", "GET", "/_redirects").status()).isEqualTo(404);
        assertThat(sites().onHost(ruled + ".localhost", "GET", "/_headers").status()).isEqualTo(404);
        Http.Response rewritten = sites().onHost(ruled + ".localhost", "GET", "/a");
        assertThat(rewritten.text()).contains("home");
        assertThat(rewritten.header("X-A")).isEqualTo("1");
    }

    @Test
    void hostIsCaseInsensitiveAndItsPortIgnored() {
        Http.Response page = sites().onHost(slug.toUpperCase() + ".LocalHost", "GET", "/");
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.text()).contains("home page");
        assertThat(sites().site(slug, "/").text()).contains("home page");
    }

    @Test
    void onlyGetAndHead() {
        for (String method : new String[] {"POST", "PUT", "DELETE", "PATCH", "OPTIONS"}) {
            Http.Response refused = sites().onHost(slug + ".localhost", method, "/");
            assertThat(refused.status()).as(method).isEqualTo(405);
            assertThat(refused.header("Allow")).isEqualTo("GET, HEAD");
        }
        Http.Response head = sites().onHost(slug + ".localhost", "HEAD", "/assets/site.css");
        assertThat(head.status()).isEqualTo(200);
        assertThat(head.header("Content-Length")).isEqualTo(String.valueOf(CSS.length()));
        assertThat(head.raw().body()).isEmpty();
    }

    @Test
    void pathsMapToFilesAndDirectoriesToTheirIndex() {
        assertThat(get("/").text()).contains("home page");
        assertThat(get("/index.html").text()).contains("home page");
        assertThat(get("/about").text()).contains("about page");
        assertThat(get("/about.html").text()).contains("about page");
        assertThat(get("/docs/").text()).contains("docs index");
        Http.Response redirect = get("/docs?x=1");
        assertThat(redirect.status()).isEqualTo(301);
        assertThat(redirect.header("Location")).isEqualTo("/docs/?x=1");
        assertThat(get("/my%20page.html").text()).as("percent-escapes are decoded").contains("spaced");
    }

    @Test
    void missingFilesGetTheBundles404PageUnknownSitesAPlainOne() {
        Http.Response missing = get("/nothing-here.html");
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.text()).contains("custom missing");
        Http.Response unknown = sites().onHost("no-such-" + slug + ".localhost", "GET", "/");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.text()).contains("Not found");
    }

    @Test
    void percentDecodingHappensOnceAndNeverEscapesTheManifest() {
        assertThat(get("/my%2520page.html").status()).as("decoded once: %25 stays a literal %").isEqualTo(404);
        assertThat(get("/docs/%2e%2e/about.html").status()).isEqualTo(404);
        assertThat(get("/..%2fabout.html").status()).as("Tomcat refuses encoded slashes itself").isIn(400, 404);
        assertThat(get("/%2e%2e/%2e%2e/etc/passwd").status()).as("Tomcat refuses paths above the root").isIn(400, 404);
        assertThat(get("/about.html%00").status()).isIn(400, 404);
    }

    @Test
    void strongEtagsLastModifiedAndConditionalRequests() {
        Http.Response css = get("/assets/site.css");
        String etag = css.header("ETag");
        assertThat(etag).matches("\"[0-9a-f]{64}\"");
        assertThat(css.header("Last-Modified")).endsWith("GMT");
        assertThat(css.header("Accept-Ranges")).isEqualTo("bytes");
        assertThat(css.header("Cache-Control")).isEqualTo("public, max-age=300");
        assertThat(get("/").header("Cache-Control")).isEqualTo("no-cache");

        Http.Response revalidated = get("/assets/site.css", "If-None-Match", etag);
        assertThat(revalidated.status()).isEqualTo(304);
        assertThat(revalidated.raw().body()).isEmpty();
        assertThat(revalidated.header("ETag")).isEqualTo(etag);
        assertThat(get("/assets/site.css", "If-None-Match", "\"other\"").status()).isEqualTo(200);
        assertThat(get("/assets/site.css", "If-Modified-Since", css.header("Last-Modified")).status())
                .isEqualTo(304);
        assertThat(get("/assets/site.css", "If-Modified-Since", "Thu, 01 Jan 1970 00:00:00 GMT").status())
                .isEqualTo(200);
    }

    @Test
    void largeFilesArriveWholeAndInRanges() {
        // Larger than an eighth of the listener test's 1 MiB cache: sent from the blob's file there.
        byte[] big = new byte[600_000];
        new java.util.Random(7).nextBytes(big);
        Map<String, Object> image = file("big.bin", Base64.getEncoder().encodeToString(big));
        image.put("contentEncoding", "base64");
        String bigSlug = unique("big");
        assertThat(http().post("/v1/websites", ALICE, site(bigSlug, "Big", file("index.html", "<p>big</p>"), image))
                .status()).isEqualTo(201);
        for (int round = 0; round < 2; round++) {
            Http.Response whole = sites().onHost(bigSlug + ".localhost", "GET", "/big.bin");
            assertThat(whole.status()).isEqualTo(200);
            assertThat(whole.header("Content-Length")).isEqualTo("600000");
            assertThat(whole.raw().body()).isEqualTo(big);
            Http.Response part = sites().onHost(bigSlug + ".localhost", "GET", "/big.bin", "Range",
                    "bytes=300000-300099");
            assertThat(part.status()).isEqualTo(206);
            assertThat(part.raw().body()).isEqualTo(java.util.Arrays.copyOfRange(big, 300_000, 300_100));
        }
    }

    @Test
    void singleRangesIfRangeAndUnsatisfiableRanges() {
        Http.Response part = get("/assets/site.css", "Range", "bytes=5-9");
        assertThat(part.status()).isEqualTo(206);
        assertThat(part.text()).isEqualTo(CSS.substring(5, 10));
        assertThat(part.header("Content-Range")).isEqualTo("bytes 5-9/" + CSS.length());
        assertThat(part.header("Content-Length")).isEqualTo("5");
        assertThat(part.header("Content-Encoding")).isNull();

        assertThat(get("/assets/site.css", "Range", "bytes=-4").text()).isEqualTo(CSS.substring(CSS.length() - 4));
        assertThat(get("/assets/site.css", "Range", "bytes=10-").text()).isEqualTo(CSS.substring(10));

        Http.Response outside = get("/assets/site.css", "Range", "bytes=999999-");
        assertThat(outside.status()).isEqualTo(416);
        assertThat(outside.header("Content-Range")).isEqualTo("bytes */" + CSS.length());

        Http.Response several = get("/assets/site.css", "Range", "bytes=0-1,5-6");
        assertThat(several.status()).as("several ranges: the whole file").isEqualTo(200);
        assertThat(several.text()).isEqualTo(CSS);

        String etag = get("/assets/site.css").header("ETag");
        assertThat(get("/assets/site.css", "Range", "bytes=0-3", "If-Range", etag).status()).isEqualTo(206);
        Http.Response stale = get("/assets/site.css", "Range", "bytes=0-3", "If-Range", "\"old\"");
        assertThat(stale.status()).isEqualTo(200);
        assertThat(stale.text()).isEqualTo(CSS);
    }

    @Test
    void hostileRequestsGetAnAnswerBelow500() {
        assertThat(get("/assets/site.css", "Range", "bytes=--5").text()).as("malformed: the whole file").isEqualTo(CSS);
        String host = "Host: " + slug + ".localhost\r\n";
        String close = "Connection: close\r\n\r\n";
        String[] targets = {"/docs?\u00ff", "/docs?a=<\"'>%zz&b=%0d%0aSet-Cookie:%20a=b", "/%zz", "/%", "/%ff",
                "/%c0%ae%c0%ae/about.html", "/%e2%82", "/a\0b", "/docs%0d%0aSet-Cookie:%20a=b",
                "/" + "a".repeat(10_000),
                "/..%2f..%2fetc/passwd", "/\\..\\about.html", "//evil.example/docs", "*"};
        for (String target : targets) {
            for (String method : new String[] {"GET", "HEAD", "FOO", "get"}) {
                checkAnswer(method + " " + target, sites().raw(method + " " + target + " HTTP/1.1\r\n" + host + close));
            }
        }
        String[] heads = {"OPTIONS * HTTP/1.1\r\n" + host, "CONNECT x:443 HTTP/1.1\r\n" + host,
                "GET / HTTP/1.1\r\nHost: [\r\n", "GET / HTTP/1.1\r\nHost: \r\n", "GET / HTTP/1.1\r\n",
                "GET / HTTP/1.1\r\n" + host + host, "GET / HTTP/1.1\r\nHost: " + slug + ".localhost:99999\r\n",
                "GET / HTTP/1.1\r\nHost: " + slug + ".local\0host\r\n", "GET / HTTP/1.1\r\nHost: \u00ff.localhost\r\n",
                "GET / HTTP/1.1\r\n" + host + "X-Big: " + "a".repeat(20_000) + "\r\n",
                "GET / HTTP/1.1\r\n" + host + "X-Many: v\r\n".repeat(300), "GET / HTTP/1.1\r\n" + host + "Bad line\r\n",
                "GET / HTTP/1.1\r\n" + host + "X-Nul: a\0b\r\n", "GET / HTTP/1.1\r\n" + host + "Range: bytes=--5\r\n",
                "GET / HTTP/1.1\r\n" + host + "Range: bytes=\u00ff-\r\n", "GET / HTTP/1.1\r\n" + host
                        + "If-Modified-Since: Mon, 99 Foo 2026 99:99:99 GMT\r\nAccept-Encoding: ;q=,,br;q=x\r\n",
                "GET / HTTP/1.1\r\n" + host + "Authorization: Basic " + "%".repeat(100) + "\r\n",
                "GET / HTTP/9.9\r\n" + host, "GET /\r\n" + host, "PRI * HTTP/2.0\r\n\r\nSM\r\n"};
        for (String head : heads) {
            checkAnswer(head, sites().raw(head + close));
        }
        String redirect = sites().raw("GET /docs?\u00ff HTTP/1.1\r\n" + host + close);
        if (redirect.startsWith("HTTP/1.1 301")) { // Tomcat refuses the raw byte itself (400)
            assertThat(redirect).contains("\r\nLocation: /docs/?%FF\r\n");
        }
        assertThat(sites().raw("GET http://" + slug + ".localhost/about HTTP/1.1\r\n" + host + close))
                .as("absolute-form").startsWith("HTTP/1.1 200").contains("about page");
    }

    /** An answer at all, below 500, with a clean head: printable ASCII, no injected header, no stack trace. */
    private static void checkAnswer(String request, String response) {
        String shown = request.length() > 80 ? request.substring(0, 80) + "..." : request;
        // The protocol's own refusals, as RFC 9110 has them, are Tomcat's answers: 501 to CONNECT (a method no
        // origin server implements), 505 to HTTP/9.9. Everything else stays below 500.
        assertThat(response).as(shown).doesNotContain("Exception", "\tat ", "\"code\":\"INTERNAL\"");
        if (!request.lines().findFirst().orElse("").contains(" HTTP/")) {
            return; // HTTP/0.9, which Tomcat still answers its way: a body and no head
        }
        String expected = request.startsWith("CONNECT") ? "(405|501)" : request.contains("HTTP/9") ? "(505|[1-4]\\d\\d)"
                : "[1-4]\\d\\d";
        assertThat(response).as(shown).matches("(?s)HTTP/1\\.1 " + expected + " .*");
        String head = response.substring(0, Math.max(0, response.indexOf("\r\n\r\n")));
        assertThat(head.chars()).as(shown).allMatch(c -> c == '\r' || c == '\n' || (c >= 0x20 && c < 0x7f));
        assertThat(head.lines()).as(shown).noneMatch(line -> line.regionMatches(true, 0, "Set-Cookie", 0, 10));
        String location = "/[!-~&&[^\"<>\\\\/]][!-~&&[^\"<>\\\\]]*"; // one leading slash, no quote, no space
        head.lines().filter(line -> line.regionMatches(true, 0, "Location:", 0, 9))
                .forEach(line -> assertThat(line.substring(9).trim()).as(shown).matches(location));
    }

    @Test
    void textIsSentGzipOrBrotliAndDecompressesToTheOriginal() throws IOException {
        Http.Response gzip = get("/assets/site.css", "Accept-Encoding", "gzip");
        assertThat(gzip.header("Content-Encoding")).isEqualTo("gzip");
        assertThat(gzip.header("Vary")).isEqualTo("Accept-Encoding");
        assertThat(Integer.parseInt(gzip.header("Content-Length"))).isLessThan(CSS.length());
        assertThat(new String(new GZIPInputStream(new ByteArrayInputStream(gzip.raw().body())).readAllBytes(),
                StandardCharsets.UTF_8)).isEqualTo(CSS);

        Brotli4jLoader.ensureAvailability();
        Http.Response br = get("/assets/site.css", "Accept-Encoding", "gzip, deflate, br");
        assertThat(br.header("Content-Encoding")).isEqualTo("br");
        DirectDecompress decompressed = Decoder.decompress(br.raw().body());
        assertThat(decompressed.getResultStatus()).isEqualTo(DecoderJNI.Status.DONE);
        assertThat(new String(decompressed.getDecompressedData(), StandardCharsets.UTF_8)).isEqualTo(CSS);
        assertThat(br.header("ETag")).isNotEqualTo(gzip.header("ETag"));
        assertThat(get("/assets/site.css", "Accept-Encoding", "gzip", "If-None-Match", br.header("ETag"))
                .status()).isEqualTo(304);

        assertThat(get("/assets/site.css", "Accept-Encoding", "br;q=0, gzip").header("Content-Encoding"))
                .isEqualTo("gzip");
        Http.Response plain = get("/assets/site.css");
        assertThat(plain.header("Content-Encoding")).isNull();
        assertThat(plain.text()).isEqualTo(CSS);
        Http.Response tiny = get("/data.json", "Accept-Encoding", "gzip");
        assertThat(tiny.header("Content-Encoding")).as("not smaller: sent as is").isNull();
        assertThat(tiny.text()).isEqualTo("{\"a\":1}");
    }

    @Test
    void everySiteResponseCarriesTheSecurityHeadersAndNoCookies() {
        for (Http.Response response : new Http.Response[] {get("/"), get("/assets/site.css"), get("/missing"),
                sites().onHost("no-such-" + slug + ".localhost", "GET", "/"),
                sites().onHost(slug + ".localhost", "POST", "/")}) {
            assertThat(response.header("X-Content-Type-Options")).isEqualTo("nosniff");
            assertThat(response.header("Referrer-Policy")).isEqualTo("strict-origin-when-cross-origin");
            assertThat(response.header("Content-Security-Policy"))
                    .contains("script-src 'self' 'unsafe-inline'", "style-src 'self' 'unsafe-inline'",
                            "frame-src 'none'", "child-src 'none'", "worker-src 'none'", "object-src 'none'",
                            "frame-ancestors 'none'");
            assertThat(response.header("Set-Cookie")).isNull();
        }
    }

    @Test
    void everyVersionIsPreviewedAndPromotionSwitchesOnTheNextRequest() {
        Http.Response stored = http().post("/v1/websites/" + websiteId + "/versions", ALICE,
                version(false, "draft", file("index.html", "<p>second draft</p>")));
        assertThat(stored.status()).isEqualTo(201);
        assertThat(get("/").text()).as("promote false keeps the live version").contains("home page");
        String draft = stored.json().get("previewUrl").asString();
        assertThat(PreviewLinks.get(sites(), draft, "/").text()).contains("second draft");
        assertThat(sites().onHost("v2--" + slug + ".localhost", "GET", "/").status()).as("no grant").isEqualTo(404);
        assertThat(sites().onHost("V1--" + slug + ".localhost", "GET", "/about").text()).as("live: public")
                .contains("about page");
        assertThat(sites().onHost("v9--" + slug + ".localhost", "GET", "/").status()).isEqualTo(404);

        Http.Response promoted = http().post("/v1/websites/" + websiteId + "/versions", ALICE,
                version(null, "live", file("index.html", "<p>third live</p>")));
        assertThat(promoted.status()).isEqualTo(201);
        assertThat(get("/").text()).as("the very next request after the 201").contains("third live");
        assertThat(PreviewLinks.get(sites(), draft, "/").text()).contains("second draft");
    }

    @Test
    void aDeletedSiteIsGone() {
        AccountId alice = accounts.byUsername("alice").orElseThrow();
        commands.sendAndWait(new DeleteWebsiteCommand(new WebsiteId(websiteId), alice));
        Http.Response gone = eventually(() -> get("/"), response -> response.status() == 410);
        assertThat(gone.status()).isEqualTo(410);
        assertThat(get("/about").status()).isEqualTo(410);
        assertThat(sites().onHost("v1--" + slug + ".localhost", "GET", "/").status()).isEqualTo(410);
    }

    @Test
    void aProtectedSiteAsksForItsPasswordBeforeAnyFile() {
        AccountId alice = accounts.byUsername("alice").orElseThrow();
        passwords.set(new WebsiteId(websiteId), Actor.unrecorded(alice), "open sesame");
        Http.Response asked = eventually(() -> get("/assets/site.css"), response -> response.status() == 401);
        assertThat(asked.status()).isEqualTo(401);
        assertThat(asked.header("WWW-Authenticate")).startsWith("Basic realm=");
        assertThat(asked.text()).doesNotContain("sienna");
        assertThat(sites().onHost("v1--" + slug + ".localhost", "GET", "/").status()).isEqualTo(401);
        assertThat(get("/", "Authorization", basic("anyone", "wrong")).status()).isEqualTo(401);
        assertThat(get("/", "Authorization", basic("anyone", "é".repeat(100))).status())
                .as("beyond bcrypt's 72 bytes").isEqualTo(401);

        Http.Response open = get("/assets/site.css", "Authorization", basic("anyone", "open sesame"));
        assertThat(open.status()).isEqualTo(200);
        assertThat(open.text()).isEqualTo(CSS);
        assertThat(open.header("Cache-Control")).isEqualTo("private, no-store");
        assertThat(get("/", "Authorization", basic("someone-else", "open sesame")).status()).isEqualTo(200);

        passwords.set(new WebsiteId(websiteId), Actor.unrecorded(alice), null);
        assertThat(eventually(() -> get("/"), response -> response.status() == 200).status()).isEqualTo(200);
    }

    @Test
    void aProtectedSiteStaysPrivateInCachesWhateverItsHeadersSay() {
        String guarded = unique("guarded");
        Http.Response created = http().post("/v1/websites", ALICE, site(guarded, "Guarded",
                file("index.html", "<!doctype html><title>inside</title><p>members only</p>"),
                file("docs/index.html", "<p>docs</p>"),
                file("assets/app.css", CSS),
                file("_headers", "/*\n  Cache-Control: public, max-age=31536000, immutable\n"
                        + "  CDN-Cache-Control: max-age=86400\n  Surrogate-Control: max-age=86400\n"
                        + "  X-Frame-Options: DENY\n")));
        assertThat(created.status()).isEqualTo(201);
        AccountId alice = accounts.byUsername("alice").orElseThrow();
        passwords.set(new WebsiteId(created.json().get("websiteId").asString()), Actor.unrecorded(alice), "members");
        String host = guarded + ".localhost";
        String key = basic("anyone", "members");
        eventually(() -> sites().onHost(host, "GET", "/"), response -> response.status() == 401);
        Http.Response css = sites().onHost(host, "GET", "/assets/app.css", "Authorization", key);
        Map<String, Http.Response> answers = new java.util.LinkedHashMap<>();
        answers.put("asset", css);
        answers.put("asked", sites().onHost(host, "GET", "/assets/app.css"));
        answers.put("page", sites().onHost(host, "GET", "/", "Authorization", key));
        answers.put("asset again", sites().onHost(host, "GET", "/assets/app.css", "Authorization", key));
        answers.put("compressed", sites().onHost(host, "GET", "/assets/app.css", "Authorization", key,
                "Accept-Encoding", "gzip"));
        answers.put("not modified", sites().onHost(host, "GET", "/assets/app.css", "Authorization", key,
                "If-None-Match", css.header("ETag")));
        answers.put("range", sites().onHost(host, "GET", "/assets/app.css", "Authorization", key,
                "Range", "bytes=0-9"));
        answers.put("missing", sites().onHost(host, "GET", "/nothing", "Authorization", key));
        answers.put("directory", sites().onHost(host, "GET", "/docs", "Authorization", key));
        assertThat(answers.get("page").status()).isEqualTo(200);
        assertThat(answers.get("not modified").status()).isEqualTo(304);
        assertThat(answers.get("range").status()).isEqualTo(206);
        answers.forEach((what, answer) -> {
            assertThat(answer.header("Cache-Control")).as(what + ": " + answer.status())
                    .isEqualTo("private, no-store");
            assertThat(answer.raw().headers().allValues("Vary")).as(what).anyMatch(v -> v.contains("Authorization"));
            assertThat(answer.header("CDN-Cache-Control")).as(what).isNull();
            assertThat(answer.header("Surrogate-Control")).as(what).isNull();
            assertThat(answer.header("Set-Cookie")).as(what + ": the password is no cookie").isNull();
        });
        assertThat(css.header("X-Frame-Options")).as("other rule headers still apply").isEqualTo("DENY");
    }

    @Test
    void aSiteMayNotClearTheDataOfTheHostsAroundIt() {
        Http.Response refused = http().post("/v1/websites", ALICE, site(unique("clearing"), "Clearing",
                file("index.html", "<p>home</p>"),
                file("_headers", "/*\n  X-Frame-Options: DENY\n  Clear-Site-Data: \"cookies\", \"storage\"\n")));
        assertThat(refused.status()).as(refused.text()).isEqualTo(422);
        JsonNode violation = refused.json().get("error").get("violations").get(0);
        assertThat(violation.get("code").asString()).isEqualTo("HEADER_FORBIDDEN");
        assertThat(violation.get("detail").asString()).startsWith("line 3:");
    }

    @Test
    void failedPasswordsAreThrottled() {
        AccountId alice = accounts.byUsername("alice").orElseThrow();
        passwords.set(new WebsiteId(websiteId), Actor.unrecorded(alice), "right");
        eventually(() -> get("/"), response -> response.status() == 401);
        RateWindowTiming.awayFromAMinuteBoundary(20_000);
        int status = 0;
        for (int i = 0; i < 12 && status != 429; i++) {
            status = get("/", "Authorization", basic("x", "wrong" + i)).status();
        }
        assertThat(status).isEqualTo(429);
        assertThat(get("/", "Authorization", basic("x", "right")).status())
                .as("throttled, even with the right password, until the minute is over").isEqualTo(429);
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /** The site directory follows the event stream asynchronously for commands sent without a publish's wait. */
    private static Http.Response eventually(Supplier<Http.Response> request,
            java.util.function.Predicate<Http.Response> done) {
        long deadline = System.nanoTime() + 10_000_000_000L;
        Http.Response response = request.get();
        while (!done.test(response) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            response = request.get();
        }
        return response;
    }
}
