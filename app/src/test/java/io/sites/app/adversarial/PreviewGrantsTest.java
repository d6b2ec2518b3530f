package io.sites.app.adversarial;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.site.PreviewGrant;
import io.sites.api.id.WebsiteId;
import io.sites.app.Http;
import io.sites.app.PostgresTestDatabase;
import io.sites.app.PreviewLinks;
import io.sites.app.ServiceProcess;
import java.net.URI;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;

/**
 * Versions that are not live are not public: against the service in a child JVM on PostgreSQL, every version host
 * of several websites is tried without a grant and with forged, tampered, expired, misdirected grants and cookies,
 * on the site port and on the API's port; each must answer exactly what an unknown version answers. Then what must
 * work: the previewUrl opens the page, its cookie loads the page's files, the live version stays public at both
 * hosts, and SITES_PREVIEWS=public (last, by a restart) restores public previews.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PreviewGrantsTest {
    private static final int WEBSITES = 3;
    /** v1 initial, v2 promoted (live), v3 and v4 stored only. */
    private static final int VERSIONS = 4;
    private static final int LIVE = 2;

    private static ServiceProcess service;
    private static String database;
    private static PreviewGrant realKey;
    /** Per website: its id, slug and the previewUrl of each version, from listWebsiteVersions. */
    private static final List<Website> websites = new ArrayList<>();

    private record Website(String id, String slug, Map<Integer, String> previewUrls) {
        String host(int version) {
            return "v" + version + "--" + slug + ".localhost";
        }

        String grant(int version) {
            return URI.create(previewUrls.get(version)).getRawQuery().substring(PreviewGrant.PARAMETER.length() + 1);
        }
    }

    @BeforeAll
    static void start() throws Exception {
        database = PostgresTestDatabase.create();
        service = ServiceProcess.restartable(Files.createTempDirectory("sites-previews"),
                PostgresTestDatabase.processEnvironment(database));
        service.start();
        Http api = service.api();
        for (int w = 0; w < WEBSITES; w++) {
            String slug = "preview-" + w + "-" + Long.toString(System.nanoTime() % 1_000_000_000L, 36);
            JsonNode created = api.post("/v1/websites", ServiceProcess.TOKEN, site(slug, "Previews", bundle(slug, 1)))
                    .json();
            String id = created.get("websiteId").asString();
            for (int n = 2; n <= VERSIONS; n++) {
                Http.Response published = api.post("/v1/websites/" + id + "/versions", ServiceProcess.TOKEN,
                        version(n == LIVE, null, bundle(slug, n)));
                assertThat(published.status()).isEqualTo(201);
            }
            Map<Integer, String> urls = new TreeMap<>();
            for (JsonNode version : api.get("/v1/websites/" + id + "/versions", ServiceProcess.TOKEN).json()
                    .get("versions")) {
                urls.put(version.get("version").asInt(), version.get("previewUrl").asString());
            }
            websites.add(new Website(id, slug, urls));
        }
        try (Connection connection = DriverManager.getConnection(database, PostgresTestDatabase.user(), "");
                ResultSet key = connection.createStatement().executeQuery("select secret from site_preview_key")) {
            assertThat(key.next()).as("the key every replica shares").isTrue();
            realKey = new PreviewGrant(Base64.getDecoder().decode(key.getString(1)));
        }
    }

    @AfterAll
    static void stop() throws Exception {
        if (service != null) {
            service.stop();
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object>[] bundle(String slug, int n) {
        return new Map[] {
                file("index.html", "<!doctype html><html><head><title>" + slug + " v" + n + "</title>"
                        + "<link rel=\"stylesheet\" href=\"/style.css\"></head><body><p>secret of version " + n
                        + "</p><img src=\"/logo.svg\" alt=\"logo\"></body></html>"),
                file("style.css", "p { color: #" + n + n + n + "; }"),
                file("logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + n + "\" height=\"1\"/>"),
                // A site's own rules may not put a preview into a shared cache.
                file("_headers", "/*\n  Cache-Control: public, max-age=3600\n")};
    }

    /** The reproduction: before grants, an older and an unpromoted version were served here to anyone. */
    @Test
    @Order(1)
    void versionsThatAreNotLiveAreNotServedWithoutAGrant() {
        Website website = websites.getFirst();
        Http sites = service.site();
        assertThat(sites.onHost(website.host(1), "GET", "/").status()).as("older version").isEqualTo(404);
        assertThat(sites.onHost(website.host(3), "GET", "/").status()).as("unpromoted version").isEqualTo(404);
        assertThat(sites.onHost(website.host(3), "GET", "/style.css").status()).as("its files").isEqualTo(404);
    }

    @Test
    @Order(2)
    void noForgedMisdirectedOrExpiredGrantOpensAVersion() throws Exception {
        AtomicInteger requests = new AtomicInteger();
        List<String> served = new ArrayList<>();
        Instant now = Instant.now();
        int versions = 0;
        for (Http port : List.of(service.site(), service.api())) {
            Answer unknown = Answer.of(port.onHost("v99--" + websites.getFirst().slug() + ".localhost", "GET", "/"));
            assertThat(unknown.status()).isEqualTo(404);
            for (Website website : websites) {
                Website other = websites.get((websites.indexOf(website) + 1) % websites.size());
                for (int n = 1; n <= VERSIONS + 1; n++) { // VERSIONS + 1 does not exist: it must look the same
                    if (n == LIVE) {
                        continue;
                    }
                    versions++;
                    int sibling = n == 1 ? 3 : 1;
                    String valid = realKey.mint(new WebsiteId(website.id()), n, now.plusSeconds(600));
                    long expiry = PreviewGrant.expiry(valid);
                    String mac = valid.substring(valid.indexOf('.') + 1);
                    Map<String, String> grants = new LinkedHashMap<>();
                    grants.put("forged", (now.getEpochSecond() + 3600) + "."
                            + Base64.getUrlEncoder().withoutPadding().encodeToString(new byte[32]));
                    grants.put("later expiry, same mac", (expiry + 86_400) + "." + mac);
                    grants.put("flipped mac", expiry + "." + (mac.charAt(0) == 'A' ? 'B' : 'A') + mac.substring(1));
                    grants.put("short mac", expiry + "." + mac.substring(0, 20));
                    grants.put("no mac", expiry + ".");
                    grants.put("garbage", "../../etc/passwd");
                    grants.put("expired", realKey.mint(new WebsiteId(website.id()), n, now.minusSeconds(1)));
                    grants.put("expired now", realKey.mint(new WebsiteId(website.id()), n, now));
                    grants.put("another version's", website.previewUrls().containsKey(sibling)
                            ? website.grant(sibling) : realKey.mint(new WebsiteId(website.id()), sibling,
                                    now.plusSeconds(600)));
                    grants.put("the live version's", website.grant(LIVE));
                    grants.put("another website's", n <= VERSIONS ? other.grant(n)
                            : realKey.mint(new WebsiteId(other.id()), n, now.plusSeconds(600)));
                    grants.put("minted by another key", new PreviewGrant(new byte[32]).mint(
                            new WebsiteId(website.id()), n, now.plusSeconds(600)));
                    String host = website.host(n);
                    List<String[]> attempts = new ArrayList<>();
                    attempts.add(new String[] {"no grant", "/"});
                    attempts.add(new String[] {"no grant, a file", "/style.css"});
                    for (Map.Entry<String, String> grant : grants.entrySet()) {
                        attempts.add(new String[] {grant.getKey() + " in the query",
                                "/?" + PreviewGrant.PARAMETER + "=" + grant.getValue()});
                        attempts.add(new String[] {grant.getKey() + " as the cookie", "/style.css",
                                "Cookie", "sites_preview=" + grant.getValue()});
                    }
                    // The cookie another version host really set, presented here.
                    attempts.add(new String[] {"another version host's cookie", "/", "Cookie",
                            PreviewLinks.cookie(service.site(), website.previewUrls().get(sibling))});
                    attempts.add(new String[] {"another website's cookie", "/", "Cookie",
                            PreviewLinks.cookie(service.site(), other.previewUrls().get(3))});
                    attempts.add(new String[] {"a heap of cookies", "/", "Cookie", "sites_preview=x; ".repeat(50)
                            + "sites_preview=" + website.grant(LIVE)});
                    for (String[] attempt : attempts) {
                        String[] headers = attempt.length > 2 ? new String[] {attempt[2], attempt[3]} : new String[0];
                        Answer answer = Answer.of(port.onHost(host, "GET", attempt[1], headers));
                        requests.incrementAndGet();
                        if (!answer.equals(unknown)) {
                            served.add(host + attempt[1] + " (" + attempt[0] + ", port " + port.port() + "): "
                                    + answer.status());
                        }
                    }
                }
            }
        }
        System.out.printf("ADVERSARIAL previews: versions=%d requests=%d served_without_grant=%d%n", versions,
                requests.get(), served.size());
        assertThat(served).as("answers that differ from an unknown version's 404").isEmpty();
    }

    @Test
    @Order(3)
    void thePreviewUrlOpensThePageAndItsCookieItsFiles() {
        Website website = websites.getFirst();
        String previewUrl = website.previewUrls().get(3);
        assertThat(previewUrl).startsWith("http://v3--" + website.slug() + ".localhost")
                .contains("?" + PreviewGrant.PARAMETER + "=");
        URI uri = URI.create(previewUrl);
        Http sites = service.site();
        for (Http port : List.of(sites, service.api())) {
            Http.Response redirect = port.onHost(uri.getHost(), "GET", "/?" + uri.getRawQuery());
            assertThat(redirect.status()).isEqualTo(303);
            assertThat(redirect.header("Location")).as("the grant leaves the address").isEqualTo("/");
            assertThat(redirect.header("Cache-Control")).isEqualTo("no-store");
            String setCookie = redirect.header("Set-Cookie");
            assertThat(setCookie).startsWith("sites_preview=" + website.grant(3) + ";").contains("; Path=/")
                    .contains("; HttpOnly").contains("; SameSite=Lax").containsPattern("; Max-Age=6\\d{5}")
                    .doesNotContainIgnoringCase("domain").doesNotContain("Secure");
            String cookie = setCookie.substring(0, setCookie.indexOf(';'));
            Http.Response page = port.onHost(uri.getHost(), "GET", "/", "Cookie", cookie);
            assertThat(page.status()).isEqualTo(200);
            assertThat(page.text()).contains("secret of version 3");
            assertThat(page.header("Cache-Control")).as("never in a shared cache").startsWith("private");
            for (String file : List.of("/style.css", "/logo.svg")) {
                assertThat(page.text()).contains("\"" + file + "\"");
                Http.Response loaded = port.onHost(uri.getHost(), "GET", file, "Cookie", cookie);
                assertThat(loaded.status()).as(file).isEqualTo(200);
                assertThat(loaded.header("Cache-Control")).as(file).startsWith("private");
                assertThat(port.onHost(uri.getHost(), "GET", file).status()).as(file + " without it").isEqualTo(404);
            }
        }
        // The rest of the query stays, in its order.
        Http.Response kept = sites.onHost(uri.getHost(), "GET", "/style.css?a=1&" + uri.getRawQuery() + "&b=2");
        assertThat(kept.header("Location")).isEqualTo("/style.css?a=1&b=2");
        Http.Response escaped = sites.onHost(uri.getHost(), "GET", "//evil.example/?" + uri.getRawQuery());
        assertThat(escaped.header("Location")).as("never another host").isEqualTo("/evil.example/");
    }

    @Test
    @Order(4)
    void theLiveVersionStaysPublicAtBothItsHosts() {
        Website website = websites.getFirst();
        for (Http port : List.of(service.site(), service.api())) {
            for (String host : List.of(website.slug() + ".localhost", website.host(LIVE))) {
                Http.Response page = port.onHost(host, "GET", "/");
                assertThat(page.status()).as(host).isEqualTo(200);
                assertThat(page.text()).contains("secret of version " + LIVE);
                Http.Response css = port.onHost(host, "GET", "/style.css");
                assertThat(css.status()).isEqualTo(200);
                assertThat(css.header("Cache-Control")).as("cacheable by anyone").startsWith("public");
            }
        }
    }

    @Test
    @Order(5)
    void everyReadMintsAFreshLinkAndEveryVersionObjectCarriesOne() {
        Website website = websites.getFirst();
        Http api = service.api();
        long soon = Instant.now().plus(PreviewGrant.LIFETIME).getEpochSecond();
        List<String> links = new ArrayList<>();
        for (JsonNode version : api.get("/v1/websites/" + website.id(), ServiceProcess.TOKEN).json().get("versions")) {
            links.add(version.get("previewUrl").asString());
        }
        JsonNode published = api.post("/v1/websites/" + website.id() + "/versions", ServiceProcess.TOKEN,
                version(false, null, bundle(website.slug(), 5))).json();
        links.add(published.get("previewUrl").asString());
        links.add(api.get("/v1/jobs/" + published.get("jobId").asString(), ServiceProcess.TOKEN).json()
                .get("previewUrl").asString());
        String mcp = api.mcp(ServiceProcess.TOKEN, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":"
                + "{\"name\":\"list_versions\",\"arguments\":{\"websiteId\":\"" + website.id() + "\"}}}").text();
        assertThat(mcp).contains(PreviewGrant.PARAMETER + "=");
        for (String link : links) {
            assertThat(link).contains("--" + website.slug() + ".localhost/?" + PreviewGrant.PARAMETER + "=");
            long expiry = PreviewGrant.expiry(URI.create(link).getRawQuery().substring(
                    PreviewGrant.PARAMETER.length() + 1));
            assertThat(expiry).as("7 days from this read").isBetween(soon - 5, soon + 120);
            assertThat(PreviewLinks.get(service.site(), link, "/").status()).isEqualTo(200);
        }
    }

    /** Last: a restart with SITES_PREVIEWS=public on the same data. */
    @Test
    @Order(6)
    void publicPreviewsRestoreTheFormerBehaviour() throws Exception {
        service.stop();
        Map<String, String> environment = new HashMap<>(PostgresTestDatabase.processEnvironment(database));
        environment.put("SITES_PREVIEWS", "public");
        service = ServiceProcess.restartable(service.data(), environment);
        service.start();
        Website website = websites.getFirst();
        // The site directory reads the store again before it answers (503 until then).
        service.awaitUntil(() -> service.site().onHost(website.host(1), "GET", "/").status() != 503);
        assertThat(service.site().onHost(website.host(1), "GET", "/").text()).contains("secret of version 1");
        assertThat(service.site().onHost(website.host(3), "GET", "/style.css").status()).isEqualTo(200);
        JsonNode versions = service.api().get("/v1/websites/" + website.id() + "/versions", ServiceProcess.TOKEN)
                .json().get("versions");
        assertThat(versions.get(0).get("previewUrl").asString()).doesNotContain("?");
    }

    /** What a client can tell apart: status, headers but the date, body. */
    private record Answer(int status, Map<String, List<String>> headers, String body) {
        static Answer of(Http.Response response) {
            Map<String, List<String>> headers = new TreeMap<>(response.raw().headers().map());
            headers.remove("date");
            headers.remove("connection");
            headers.remove("keep-alive");
            headers.remove("x-request-id");
            return new Answer(response.status(), headers, response.text());
        }
    }
}
