package io.sites.app.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import tools.jackson.databind.JsonNode;

/** The web application's security over real HTTP: bearer tokens, CSRF, the sign-in throttle, cookies. */
class WebAppSecurityTest extends EmbeddedAppTest {
    private static final String PASSWORD = "correct horse battery";

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping mappings;

    @org.springframework.boot.test.web.server.LocalServerPort
    int serverPort;

    /** Every route under /app (and /admin, should one appear), from the handler mapping itself. */
    private List<String[]> dashboardRoutes() {
        List<String[]> routes = new ArrayList<>();
        for (RequestMappingInfo info : mappings.getHandlerMethods().keySet()) {
            Set<RequestMethod> methods = info.getMethodsCondition().getMethods();
            for (String pattern : info.getPatternValues()) {
                if (!(pattern.equals("/app") || pattern.startsWith("/app/") || pattern.startsWith("/admin"))) {
                    continue;
                }
                String path = pattern.replaceAll("\\{[^}]+}", "x1");
                for (RequestMethod method : methods.isEmpty() ? Set.of(RequestMethod.GET, RequestMethod.POST)
                        : methods) {
                    routes.add(new String[] {method.name(), path});
                }
            }
        }
        return routes;
    }

    /**
     * The pages run under a strict CSP (scripts and styles from the app's own files only), and have no inline
     * script, style element or style attribute that it would block; the two files are served before sign-in.
     */
    @Test
    void pagesCarryAStrictContentSecurityPolicyAndServeTheirOwnAssets() {
        Browser browser = new Browser(serverPort, "127.0.0.61");
        browser.signUp("csp-" + System.nanoTime() % 100000, PASSWORD);
        for (String path : List.of("/app/login", "/app/websites", "/app/websites/new", "/app/mcp")) {
            HttpResponse<String> page = browser.get(path);
            String policy = page.headers().firstValue("Content-Security-Policy").orElse("");
            assertThat(policy).as(path).contains("default-src 'none'", "script-src 'self';", "style-src 'self';",
                    "frame-ancestors 'none'").doesNotContain("unsafe");
            assertThat(page.body()).as(path).doesNotContain("<style", " style=", "<script>");
        }
        Browser anonymous = new Browser(serverPort, "127.0.0.62");
        HttpResponse<String> script = anonymous.get("/app/assets/app.js");
        assertThat(script.statusCode()).isEqualTo(200);
        assertThat(script.headers().firstValue("Content-Type").orElse("")).startsWith("text/javascript");
        assertThat(script.body()).contains("XMLHttpRequest");
        assertThat(anonymous.get("/app/assets/app.css").statusCode()).isEqualTo(200);
        assertThat(anonymous.get("/app/assets/other.js").statusCode()).isEqualTo(404);
    }

    @Test
    void everyDashboardRouteRefusesABearerTokenWith403() {
        List<String[]> routes = dashboardRoutes();
        assertThat(routes.stream().map(r -> r[1]).toList())
                .contains("/app/websites", "/app/websites/x1", "/app/jobs/x1", "/app/mcp", "/app/mcp/x1/revoke",
                        "/app/websites/new", "/app/websites/x1/versions", "/app/websites/x1/collaborators",
                        "/app/websites/x1/password", "/app/login", "/app/signup", "/app/websites/x1/deploys",
                        "/app/websites/x1/settings", "/app/websites/x1/versions/x1/picture", "/app/mcp/clients/revoke");
        for (String token : List.of(ALICE, "sites_pat_not-a-valid-token-at-all-000000000000")) {
            for (String[] route : routes) {
                Http.Response response = http().send(route[0], route[1], token,
                        "application/x-www-form-urlencoded", "username=a&password=b");
                assertThat(response.status()).as("%s %s", route[0], route[1]).isEqualTo(403);
                JsonNode error = response.json().get("error");
                assertThat(error.get("code").asString()).isEqualTo("FORBIDDEN");
                assertThat(error.get("message").asString()).contains("interface");
                assertThat(response.header("Set-Cookie")).isNull();
            }
        }
    }

    @Test
    void unauthenticatedBrowsersAreSentToTheSignInPage() {
        Browser browser = new Browser(serverPort, "127.0.0.1");
        for (String path : List.of("/app/websites", "/app/mcp", "/app/jobs/job_x", "/app/websites/web_x")) {
            HttpResponse<String> response = browser.get(path);
            assertThat(response.statusCode()).as(path).isEqualTo(302);
            assertThat(response.headers().firstValue("Location").orElseThrow()).endsWith("/app/login");
        }
    }

    @Test
    void formsWithoutTheCsrfTokenAre403() {
        Browser browser = new Browser(serverPort, "127.0.0.1");
        assertThat(browser.signUp("csrf-person", PASSWORD).statusCode()).isEqualTo(302);
        HttpResponse<String> refused = browser.postRaw("/app/mcp", Map.of("name", "no csrf", "expiry", "7"));
        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(refused.body()).contains("This form has expired");
        assertThat(browser.postRaw("/app/mcp", Map.of("name", "forged", "expiry", "7", "_csrf", "forged"))
                .statusCode()).isEqualTo(403);
        assertThat(browser.get("/app/mcp").body()).doesNotContain("no csrf").doesNotContain("forged");
        // With the token the same form works.
        assertThat(browser.post("/app/mcp", Map.of("name", "with csrf", "expiry", "7")).statusCode())
                .isEqualTo(200);
        // Sign-in and sign-up forms are protected as well.
        Browser stranger = new Browser(serverPort, "127.0.0.1");
        assertThat(stranger.postRaw("/app/login", Map.of("username", "csrf-person", "password", PASSWORD))
                .statusCode()).isEqualTo(403);
        assertThat(stranger.postRaw("/app/signup", Map.of("username", "csrf-other", "password", PASSWORD))
                .statusCode()).isEqualTo(403);
    }

    @Test
    void aRevokedTokenIsRefusedAtOnceWithTheMetadataPointer() {
        Browser browser = new Browser(serverPort, "127.0.0.1");
        browser.signUp("revoking-person", PASSWORD);
        browser.get("/app/mcp");
        HttpResponse<String> minted = browser.post("/app/mcp", Map.of("name", "script", "expiry", "none"));
        assertThat(minted.headers().firstValue("Cache-Control").orElse("")).contains("no-store");
        Matcher token = Pattern.compile("id=\"token-value\">(sites_pat_[A-Za-z0-9_-]+)<").matcher(minted.body());
        assertThat(token.find()).isTrue();
        assertThat(http().get("/v1/websites", token.group(1)).status()).isEqualTo(200);
        String page = browser.get("/app/mcp").body();
        assertThat(page).doesNotContain(token.group(1)).contains("script").contains("last used");
        Matcher id = Pattern.compile("/app/mcp/(tok_[0-9a-f]+)/revoke").matcher(page);
        assertThat(id.find()).isTrue();
        assertThat(browser.post("/app/mcp/" + id.group(1) + "/revoke", Map.of()).statusCode()).isEqualTo(302);
        Http.Response refused = http().get("/v1/websites", token.group(1));
        assertThat(refused.status()).isEqualTo(401);
        assertThat(refused.json().get("error").get("code").asString()).isEqualTo("AUTH_REQUIRED");
        assertThat(refused.header("WWW-Authenticate"))
                .containsPattern("resource_metadata=\"https?://[^\"]+/\\.well-known/oauth-protected-resource\"");
        assertThat(browser.get("/app/mcp").body()).contains("revoked");
    }

    @Test
    void fiveFailuresForAUsernameRefuseEvenTheRightPasswordWithTheSameMessage() {
        Browser owner = new Browser(serverPort, "127.0.0.2");
        owner.signUp("throttled-person", PASSWORD);
        Browser guesser = new Browser(serverPort, "127.0.0.2");
        for (int i = 0; i < SignInThrottle.PER_USERNAME; i++) {
            assertThat(location(guesser.signIn("throttled-person", "wrong password " + i))).endsWith("/app/login?error");
        }
        // From any address: the username's count is shared.
        Browser elsewhere = new Browser(serverPort, "127.0.0.5");
        assertThat(location(elsewhere.signIn("throttled-person", PASSWORD))).endsWith("/app/login?error");
        assertThat(elsewhere.get("/app/websites").statusCode()).isEqualTo(302);
        // Another username from that address is not affected.
        Browser other = new Browser(serverPort, "127.0.0.5");
        other.signUp("unthrottled-person", PASSWORD);
        Browser otherAgain = new Browser(serverPort, "127.0.0.5");
        assertThat(location(otherAgain.signIn("unthrottled-person", PASSWORD))).endsWith("/app/websites");
    }

    @Test
    void twentyFailuresFromAnAddressRefuseItAndASuccessDoesNotResetTheCount() {
        Browser setup = new Browser(serverPort, "127.0.0.1");
        setup.signUp("address-person", PASSWORD);
        Browser attacker = new Browser(serverPort, "127.0.0.3");
        for (int i = 0; i < SignInThrottle.PER_ADDRESS - 1; i++) {
            attacker.signIn("nobody-" + i, "wrong password");
        }
        // A success in between (the attacker's own account) does not clear the address's failures.
        assertThat(location(new Browser(serverPort, "127.0.0.3").signIn("address-person", PASSWORD)))
                .endsWith("/app/websites");
        attacker.signIn("nobody-last", "wrong password");
        HttpResponse<String> refused = new Browser(serverPort, "127.0.0.3").signIn("address-person", PASSWORD);
        assertThat(location(refused)).endsWith("/app/login?error");
        // The same person from another address signs in.
        assertThat(location(new Browser(serverPort, "127.0.0.4").signIn("address-person", PASSWORD)))
                .endsWith("/app/websites");
        // The page says the same thing whatever the reason.
        Browser page = new Browser(serverPort, "127.0.0.3");
        assertThat(page.get("/app/login?error").body()).contains("The username or password is wrong");
    }

    @Test
    void theSessionCookieIsHostOnlyHttpOnlySameSiteAndNeverReachesSiteHosts() {
        Browser browser = new Browser(serverPort, "127.0.0.1");
        HttpResponse<String> signedUp = browser.signUp("cookie-person", PASSWORD);
        List<String> cookies = signedUp.headers().allValues("Set-Cookie");
        String session = cookies.stream().filter(c -> c.startsWith("SITES_SESSION=")).findFirst().orElseThrow();
        assertThat(session).containsIgnoringCase("HttpOnly").containsIgnoringCase("SameSite=Lax")
                .doesNotContainIgnoringCase("Domain=");
        // Plain http here; Tomcat adds Secure on https.
        assertThat(session).doesNotContainIgnoringCase("Secure");

        http().post("/v1/websites", ALICE, Map.of("name", "Cookie test", "category", "other", "slug", "cookie-test",
                "files", List.of(Map.of("path", "index.html", "content", "<h1>hi</h1>"))));
        String cookie = session.substring(0, session.indexOf(';'));
        for (String[] request : List.of(new String[] {"cookie-test.localhost", "/"},
                new String[] {"cookie-test.localhost", "/missing"}, new String[] {"v1--cookie-test.localhost", "/"},
                new String[] {"no-such-site.localhost", "/"})) {
            Http.Response site = http().onHost(request[0], "GET", request[1], "Cookie", cookie);
            assertThat(site.status()).isIn(200, 404);
            assertThat(site.raw().headers().allValues("Set-Cookie")).as(request[0] + request[1]).isEmpty();
        }
    }

    private static String location(HttpResponse<String> response) {
        assertThat(response.statusCode()).isEqualTo(302);
        return response.headers().firstValue("Location").orElseThrow();
    }
}
