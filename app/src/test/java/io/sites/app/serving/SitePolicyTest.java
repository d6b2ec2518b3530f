package io.sites.app.serving;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.app.NodeScripts;
import io.sites.app.usecases.PublishWarningsContract;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.sites.api.site.policy.ContentPolicy;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The sites' Content-Security-Policy as a contract (issue 39 item 7, docs/DECISIONS.md): every site answer carries
 * {@link ContentPolicy#HEADER}, which lets pages load data from any https origin and keeps scripts and styles to the
 * site; a bundle that loads from a plain http: or ws: address gets BLOCKED_ORIGIN warnings on publish and dry run;
 * and in Chromium a published page's fetch to a second loopback origin goes through over https and is blocked over
 * plain http.
 */
class SitePolicyTest extends EmbeddedAppTest {
    private static final String PAGE = """
            <!doctype html><title>Calls</title>
            <script>fetch('https://api.example.com/menu.json')</script>
            <script>fetch('http://api.example.com/menu.json')</script>
            <img src="http://cdn.example.com/bread.jpg" alt="">
            """;

    @TempDir
    Path temp;

    @Test
    void everySiteAnswerCarriesThePolicyThatAllowsHttpsDataAndKeepsScriptsAndStylesToTheSite() {
        String slug = unique("policy");
        assertThat(http().post("/v1/websites", ALICE, site(slug, "Policy", file("index.html", "<p>hi</p>")))
                .status()).isEqualTo(201);
        for (Http.Response answer : List.of(http().site(slug, "/"), http().site(slug, "/missing"))) {
            String policy = answer.header("Content-Security-Policy");
            assertThat(policy).isEqualTo(ContentPolicy.HEADER);
            Map<String, List<String>> directives = directives(policy);
            assertThat(directives.get("connect-src")).containsExactly("'self'", "data:", "blob:", "https:", "wss:");
            assertThat(directives.get("img-src")).containsExactly("'self'", "data:", "blob:", "https:");
            assertThat(directives.get("media-src")).containsExactly("'self'", "data:", "blob:", "https:");
            assertThat(directives.get("font-src")).containsExactly("'self'", "data:", "https:");
            assertThat(directives.get("form-action")).containsExactly("'self'", "https:");
            // The specification's rules, enforced again by the browser: never widened.
            assertThat(directives.get("script-src")).containsExactly("'self'", "'unsafe-inline'");
            assertThat(directives.get("style-src")).containsExactly("'self'", "'unsafe-inline'");
            assertThat(directives.get("default-src")).containsExactly("'self'");
            for (String none : List.of("frame-src", "child-src", "worker-src", "object-src", "frame-ancestors")) {
                assertThat(directives.get(none)).as(none).containsExactly("'none'");
            }
        }
    }

    @Test
    void blockedLoadsAreWarnedAboutOnRestPublishAndDryRun() {
        List<String> expected = List.of("BLOCKED_ORIGIN|index.html|line 3: http://api.example.com/menu.json",
                "BLOCKED_ORIGIN|index.html|line 4: http://cdn.example.com/bread.jpg");
        String slug = unique("blocked");
        Http.Response dryRun = http().post("/v1/websites?dryRun=true", ALICE, site(slug, "Blocked",
                file("index.html", PAGE)));
        assertThat(dryRun.status()).as(dryRun.text()).isEqualTo(200);
        assertThat(PublishWarningsContract.warnings(dryRun.json())).isEqualTo(expected);

        Http.Response created = http().post("/v1/websites", ALICE, site(slug, "Blocked", file("index.html", PAGE)));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        assertThat(PublishWarningsContract.warnings(created.json())).isEqualTo(expected);
        assertThat(created.json().get("warnings").get(0).get("message").asString()).isEqualTo(
                "File \"index.html\" connects (fetch, XMLHttpRequest, WebSocket, EventSource or a beacon) to "
                        + "\"http://api.example.com/menu.json\" at line 3, which the sites' Content-Security-Policy "
                        + "blocks (connect-src allows the site itself, data:, blob:, https: and wss:), so browsers "
                        + "refuse it. Use its https:// address (plain http: is mixed content on the https site "
                        + "anyway).");
        JsonNode job = http().get("/v1/jobs/" + created.json().get("jobId").asString(), ALICE).json();
        assertThat(PublishWarningsContract.warnings(job)).as("the job keeps them").isEqualTo(expected);

        String versions = "/v1/websites/" + created.json().get("websiteId").asString() + "/versions";
        Map<String, Object> socket = version(null, null, file("index.html",
                "<script>new WebSocket('ws://live.example.com/feed')</script>"));
        Http.Response checked = http().post(versions + "?dryRun=true", ALICE, socket);
        assertThat(PublishWarningsContract.warnings(checked.json()))
                .containsExactly("BLOCKED_ORIGIN|index.html|line 1: ws://live.example.com/feed");
        Http.Response second = http().post(versions, ALICE, socket);
        assertThat(second.status()).isEqualTo(201);
        assertThat(PublishWarningsContract.warnings(second.json()))
                .containsExactly("BLOCKED_ORIGIN|index.html|line 1: ws://live.example.com/feed");
    }

    /**
     * Two more origins on loopback, each answering any origin's fetch (CORS): one over https with a certificate of
     * this test's own (the browser told to accept it), one over plain http. The published page calls both.
     */
    @Test
    void aPublishedPageFetchesFromAnHttpsOriginAndIsBlockedFromAPlainHttpOne() throws Exception {
        AtomicInteger httpsCalls = new AtomicInteger();
        AtomicInteger httpCalls = new AtomicInteger();
        HttpsServer secure = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        secure.setHttpsConfigurator(new HttpsConfigurator(selfSigned()));
        HttpServer plain = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        for (HttpServer server : List.of(secure, plain)) {
            AtomicInteger calls = server == secure ? httpsCalls : httpCalls;
            server.createContext("/ping", exchange -> {
                calls.incrementAndGet();
                byte[] body = "pong".getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Access-Control-Allow-Origin", "*");
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            server.start();
        }
        try {
            String httpsUrl = "https://127.0.0.1:" + secure.getAddress().getPort() + "/ping";
            String httpUrl = "http://127.0.0.1:" + plain.getAddress().getPort() + "/ping";
            String page = """
                    <!doctype html><title>Calls</title><p id="https">waiting</p><p id="http">waiting</p>
                    <script>
                    window.violations = [];
                    document.addEventListener('securitypolicyviolation',
                        (e) => window.violations.push(e.effectiveDirective + ' ' + e.blockedURI));
                    function show(id, call) {
                      call.then((r) => r.text())
                          .then((text) => { document.getElementById(id).textContent = 'ok ' + text; },
                          () => { document.getElementById(id).textContent = 'blocked'; });
                    }
                    show('https', fetch('%s'));
                    show('http', fetch('%s'));
                    </script>
                    """.formatted(httpsUrl, httpUrl);
            String slug = unique("calls");
            Http.Response created = http().post("/v1/websites", ALICE, site(slug, "Calls", file("index.html", page)));
            assertThat(created.status()).as(created.text()).isEqualTo(201);
            assertThat(PublishWarningsContract.warnings(created.json())).as("the publish said so")
                    .containsExactly("BLOCKED_ORIGIN|index.html|line 12: " + httpUrl);

            NodeScripts.Outcome outcome = NodeScripts.run("browser/policy.mjs",
                    Map.of("PAGE_URL", "http://" + slug + ".localhost:" + port + "/", "BASE_URL",
                            "http://localhost:" + port), 120).succeeded();
            JsonNode seen = Http.JSON.readTree(outcome.stdout());
            assertThat(seen.get("https").asString()).as(outcome.stdout()).isEqualTo("ok pong");
            assertThat(seen.get("http").asString()).as(outcome.stdout()).isEqualTo("blocked");
            assertThat(seen.get("violations").valueStream().map(JsonNode::asString).toList())
                    .containsExactly("connect-src " + httpUrl);
            assertThat(httpsCalls.get()).as("the https origin was called").isEqualTo(1);
            assertThat(httpCalls.get()).as("the browser never sent the blocked request").isZero();
        } finally {
            secure.stop(0);
            plain.stop(0);
        }
    }

    /** A key and certificate for 127.0.0.1 made by the JDK's keytool, as an SSL context. */
    private SSLContext selfSigned() throws Exception {
        Path store = temp.resolve("origin.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "origin", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=127.0.0.1",
                "-ext", "SAN=ip:127.0.0.1", "-validity", "2", "-storetype", "PKCS12", "-keystore", store.toString(),
                "-storepass", "changeit", "-keypass", "changeit").redirectErrorStream(true).start();
        String said = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(keytool.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(keytool.exitValue()).as(said).isZero();
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            keys.load(in, "changeit".toCharArray());
        }
        KeyManagerFactory managers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        managers.init(keys, "changeit".toCharArray());
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(managers.getKeyManagers(), null, null);
        return context;
    }

    /** The policy's directives by name, each with its sources in order. */
    private static Map<String, List<String>> directives(String policy) {
        Map<String, List<String>> directives = new java.util.LinkedHashMap<>();
        for (String directive : policy.split(";")) {
            String[] words = directive.strip().split("\\s+");
            directives.put(words[0], Arrays.asList(words).subList(1, words.length));
        }
        return directives;
    }
}
