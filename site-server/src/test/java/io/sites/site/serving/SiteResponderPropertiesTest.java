package io.sites.site.serving;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.site.ManifestEntry;
import io.sites.api.site.PreviewGrant;
import io.sites.api.site.SiteAddress;
import io.sites.api.id.WebsiteId;
import io.sites.cases.Cases;
import io.sites.cases.Gen;
import io.sites.cases.Property;
import io.sites.cases.Text;
import io.sites.limits.TestDatabase;
import io.sites.site.directory.FilledDirectory;
import io.sites.site.directory.SiteDirectory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Any request a visitor can make of a site (method, host, raw path, query, Range) gets an answer from that site's
 * bundle or a refusal, never an exception, never a 500, never bytes from outside the bundle: a secret sits in the
 * same store under another site and one level "above" this one.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS) // one site directory and store for all cases, as a replica has
class SiteResponderPropertiesTest {
    private static final WebsiteId SHOP = new WebsiteId("web_shop");
    private static final WebsiteId OTHER = new WebsiteId("web_other");
    private static final byte[] SECRET = "the other site's secret".getBytes(StandardCharsets.UTF_8);

    private final SiteFilesTest.CountingStore store = new SiteFilesTest.CountingStore();
    private final Set<String> served = new HashSet<>();
    private final SiteResponder responder;

    SiteResponderPropertiesTest() {
        store.blobs.put("f".repeat(64), SECRET);
        SiteDirectory directory = new FilledDirectory().created(SHOP, "shop")
                .published(SHOP, 1, Instant.parse("2026-01-02T03:04:05Z"), List.of(
                        file("index.html", "<p>home</p>", 'a'), file("docs/index.html", "<p>docs</p>", 'b'),
                        file("docs/a b.css", "p{}", 'c'), file("café/ü.txt", "text", 'd'),
                        file("404.html", "<p>404</p>", 'e')))
                .created(OTHER, "other")
                .published(OTHER, 1, Instant.parse("2026-01-02T03:04:05Z"),
                        List.of(new ManifestEntry("secret.txt", "text/plain", SECRET.length, "f".repeat(64))))
                .caughtUp();
        responder = new SiteResponder(new SiteAddress("sites.example"), directory, new SiteFiles(store, 1 << 20, 1 << 20),
                new SiteGate(TestDatabase.h2().windows(Clock.systemUTC())),
                new SitePreviews(new PreviewGrant(new byte[32]), PreviewGrant.Access.PUBLIC, false, Clock.systemUTC()),
                1 << 20);
    }

    private ManifestEntry file(String path, String text, char hash) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        store.blobs.put(String.valueOf(hash).repeat(64), bytes);
        served.add(text);
        return new ManifestEntry(path, path.endsWith(".html") ? "text/html; charset=utf-8" : "text/plain", bytes.length,
                String.valueOf(hash).repeat(64));
    }

    record Request(String method, String host, String rawPath, String query, String range) implements SiteRequest {
        @Override
        public String header(String name) {
            return name.equals("Range") ? range : null;
        }

        @Override
        public String remoteAddress() {
            return "192.0.2.1";
        }
    }

    @Property
    void everyAnswerComesFromThisSitesBundleOrIsARefusal(Request request) throws Exception {
        String label = responder.label(request.host()).orElse("");
        SiteResponse response = responder.respond(label, request, true);
        assertThat(response.status).isNotEqualTo(500);
        List<String> headers = response.headers();
        for (int i = 0; i < headers.size(); i++) {
            assertThat(headers.get(i).chars()).as(headers.get(i)).allMatch(c -> c >= 0x20 && c < 0x7f);
        }
        if (response.body != null) {
            String body = StandardCharsets.UTF_8.decode(response.body.duplicate()).toString();
            assertThat(body).doesNotContain("secret");
            if (response.status == 200 || response.status == 206) {
                assertThat(served.stream().anyMatch(text -> text.contains(body))).as(body).isTrue();
            }
        }
        if (response.status == 301) {
            assertThat(response.headers().get(response.headers().indexOf("Location") + 1)).startsWith("/docs/")
                    .doesNotStartWith("//");
        }
    }

    static Cases everyAnswerComesFromThisSitesBundleOrIsARefusal() {
        return Cases.tries(3000, requests());
    }

    /** Methods, hosts of this site, another and none, paths of hostile segments, queries and Range headers. */
    private static Gen<Request> requests() {
        Gen<String> method = Gen.of("GET", "GET", "GET", "HEAD", "POST", "get", "PRI", "");
        Gen<String> host = Gen.of("shop.sites.example", "SHOP.sites.example.", "v1--shop.sites.example",
                "v9--shop.sites.example", "v1--other.sites.example.x", "shop.other.sites.example", "sites.example",
                "", "[");
        Gen<String> segment = Gen.oneOf(Gen.of("docs", "index.html", "a b.css", "a%20b.css",
                "caf%C3%A9", "café", "%C3%BC.txt", "ü.txt", "..", "%2e%2e", ".", "other", "secret.txt", "%2f", "%5c",
                "%00", "%", "%zz", "%c0%ae", "\u00ff", "\r\n", "404.html", ""), Text.any().maxLength(6));
        Gen<String> path = segment.list(0, 5).map(list -> "/" + String.join("/", list));
        Gen<String> query = Gen.oneOf(Gen.just(null), Text.any().maxLength(8),
                Gen.of("\u00ff", "a=1&b=%zz", "\r\nSet-Cookie: x=1", "<script>\"'"));
        Gen<String> range = Gen.oneOf(Gen.just(null), Gen.of("bytes=--5",
                "bytes=0-3", "bytes=-2", "bytes=99-", "bytes=+1-2", "bytes=3-1", "bytes=0-99999999999999999999999"),
                Text.of("bytes=-0123456789,+ ").maxLength(16));
        return random -> new Request(method.draw(random), host.draw(random), path.draw(random), query.draw(random),
                range.draw(random));
    }

    /** Many paths into this bundle: the property's generator must reach the files, not only refusals. */
    @Test
    void theGeneratorReachesServedFilesAndRedirects() throws Exception {
        List<Integer> statuses = new ArrayList<>();
        for (String path : new String[] {"/", "/docs", "/docs/a%20b.css", "/caf%C3%A9/%C3%BC.txt"}) {
            statuses.add(responder.respond("shop", new Request("GET", "shop.sites.example", path, "\u00ff", null),
                    true).status);
        }
        assertThat(statuses).containsExactly(200, 301, 200, 200);
        SiteResponse redirect = responder.respond("shop", new Request("GET", "shop.sites.example", "/docs",
                "q=\u00ff\u20ac", null), true);
        assertThat(redirect.headers()).contains("/docs/?q=%FF%E2%82%AC");
        ByteBuffer body = responder.respond("shop", new Request("GET", "shop.sites.example", "/", null,
                "bytes=--5"), true).body;
        assertThat(StandardCharsets.UTF_8.decode(body.duplicate()).toString()).isEqualTo("<p>home</p>");
    }
}
