package io.sites.app.identity.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.SitesApplication;
import io.sites.app.identity.oauth.OAuthBrowser.Reply;
import io.sites.cli.Sites;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code sites login} through the browser against this service on a real port: the command line's own loopback
 * listener, PKCE and state, with the browser replaced by {@link OAuthBrowser} signing up and approving over HTTP.
 * Then the stored tokens at work on /v1, renewed when refused or expired, and revoked by {@code sites logout} or
 * by the next {@code sites login}.
 */
@SpringBootTest(classes = SitesApplication.class, webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT)
class CommandLineLoginTest {
    static final int PORT = OAuthFlowTest.freePort();
    static final String BASE = "http://localhost:" + PORT;

    @TempDir
    Path temp;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws IOException {
        registry.add("server.port", () -> PORT);
        registry.add("sites.base-url", () -> BASE);
        registry.add("sites.site-host", () -> "localhost");
        registry.add("sites.data-dir", Files.createTempDirectory("sites-cli-login-test")::toString);
    }

    record Run(int exit, String out, String err) {
        JsonNode json() {
            return Http.JSON.readTree(out);
        }
    }

    /** What the browser saw of the command line's loopback listener. */
    final List<Reply> callbacks = new ArrayList<>();

    /** A person signing up in the browser the login opens, approving, and the browser following the redirect. */
    Consumer<URI> approvingBrowser(UnaryOperator<URI> tamper) {
        return authorize -> {
            assertThat(authorize.toString()).startsWith(BASE + "/oauth2/authorize?")
                    .contains("client_id=sites-cli", "code_challenge_method=S256", "redirect_uri=http%3A%2F%2F127.0.0.1%3A");
            OAuthBrowser browser = new OAuthBrowser(BASE);
            browser.signUp("c" + UUID.randomUUID().toString().substring(0, 12), OAuthFlowTest.PASSWORD);
            URI back = browser.consent(authorize.toString(), true);
            assertThat(back.toString()).startsWith("http://127.0.0.1:").contains("/callback?code=");
            callbacks.add(browser.get(tamper.apply(back).toString()));
        };
    }

    Map<String, String> env() {
        return Map.of("XDG_CONFIG_HOME", temp.resolve("config").toString(), "HOME", temp.toString());
    }

    Path configFile() {
        return temp.resolve("config/sites/config.json");
    }

    Run sites(Consumer<URI> browser, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Sites.run(env(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), browser, args);
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    Run sites(String... args) {
        return sites(uri -> {
            throw new AssertionError("no browser expected: " + uri);
        }, args);
    }

    /** The login stored for this service's origin (the file holds one per origin). */
    JsonNode stored() {
        return Http.JSON.readTree(configFile().toFile()).get("logins").get(BASE);
    }

    void store(JsonNode login) throws IOException {
        ObjectNode file = Files.exists(configFile()) ? (ObjectNode) Http.JSON.readTree(configFile().toFile())
                : Http.JSON.createObjectNode().put("api", BASE);
        (file.has("logins") ? (ObjectNode) file.get("logins") : file.putObject("logins")).set(BASE, login);
        Files.writeString(configFile(), Http.JSON.writeValueAsString(file));
    }

    @Test
    void signsInThroughTheBrowserStoresTheTokensAndRenewsThemWhenRefusedOrExpired() throws Exception {
        Run login = sites(approvingBrowser(uri -> uri), "login", "--api", BASE, "--json");
        assertThat(login.exit()).as(login.err() + login.out()).isZero();
        assertThat(login.json().get("method").asString()).isEqualTo("browser");
        assertThat(login.err()).contains(BASE + "/oauth2/authorize?");
        assertThat(callbacks).singleElement().satisfies(reply -> assertThat(reply.status()).isEqualTo(200));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(configFile()))).isEqualTo("rw-------");
        JsonNode first = stored();
        assertThat(first.get("api").asString()).isEqualTo(BASE);
        assertThat(OAuthAccessTokens.looksLikeOne(first.get("token").asString())).isTrue();
        assertThat(first.at("/oauth/clientId").asString()).isEqualTo("sites-cli");
        assertThat(first.at("/oauth/refreshToken").asString()).isNotBlank();
        assertThat(first.at("/oauth/tokenEndpoint").asString()).isEqualTo(BASE + "/oauth2/token");

        // The access token works on the REST API: a publish and a list.
        Path dir = Files.createDirectories(temp.resolve("site"));
        Files.writeString(dir.resolve("index.html"), "<!doctype html><title>OAuth</title><h1>Signed in</h1>");
        Run published = sites("publish", dir.toString(), "--name", "Through OAuth", "--json");
        assertThat(published.exit()).as(published.err() + published.out()).isZero();
        String slug = published.json().get("slug").asString();
        assertThat(sites("list").out()).contains(slug);

        // A refused access token (revoked, say): renewed with the refresh token, which rotates.
        ObjectNode refused = (ObjectNode) stored().deepCopy();
        refused.put("token", "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl");
        store(refused);
        Run afterRefusal = sites("list", "--json");
        assertThat(afterRefusal.exit()).as(afterRefusal.err() + afterRefusal.out()).isZero();
        assertThat(afterRefusal.out()).contains(slug);
        JsonNode second = stored();
        assertThat(second.get("token").asString()).isNotEqualTo(refused.get("token").asString());
        assertThat(second.at("/oauth/refreshToken").asString()).isNotEqualTo(first.at("/oauth/refreshToken").asString());

        // An expired one: renewed before the call.
        ObjectNode expired = (ObjectNode) second.deepCopy();
        ((ObjectNode) expired.get("oauth")).put("expiresAt", "2020-01-01T00:00:00Z");
        store(expired);
        assertThat(sites("list").exit()).isZero();
        JsonNode third = stored();
        assertThat(third.get("token").asString()).isNotEqualTo(second.get("token").asString());
        assertThat(third.at("/oauth/refreshToken").asString()).isNotEqualTo(second.at("/oauth/refreshToken").asString());

        // logout revokes: the access token stops working on the API at once.
        store(third);
        OAuthBrowser anyone = new OAuthBrowser(BASE);
        assertThat(anyone.getWithToken("/v1/websites", third.get("token").asString()).status()).isEqualTo(200);
        Run logout = sites("logout", "--json");
        assertThat(logout.exit()).as(logout.err() + logout.out()).isZero();
        assertThat(logout.json().get("revoked").asBoolean()).isTrue();
        assertThat(configFile()).doesNotExist();
        assertThat(anyone.getWithToken("/v1/websites", third.get("token").asString()).status()).isEqualTo(401);
        assertThat(anyone.refresh("sites-cli", third.at("/oauth/refreshToken").asString()).status()).isEqualTo(400);

        // A revoked login, still on disk somewhere: neither its access nor its refresh token works, exit 3.
        Files.createDirectories(configFile().getParent());
        store(third);
        Run revoked = sites("list", "--json");
        assertThat(revoked.exit()).isEqualTo(3);
        assertThat(revoked.json().at("/error/message").asString()).contains("sites login");
    }

    @Test
    void aNewLoginRevokesTheOneItReplacesAndOnlyNotesAFailureToRevoke() throws Exception {
        Run first = sites(approvingBrowser(uri -> uri), "login", "--api", BASE, "--json");
        assertThat(first.exit()).as(first.err() + first.out()).isZero();
        JsonNode old = stored();
        OAuthBrowser anyone = new OAuthBrowser(BASE);
        assertThat(anyone.getWithToken("/v1/websites", old.get("token").asString()).status()).isEqualTo(200);

        Run second = sites(approvingBrowser(uri -> uri), "login", "--api", BASE, "--json");
        assertThat(second.exit()).as(second.err() + second.out()).isZero();
        assertThat(second.err()).doesNotContain("could not be revoked");
        JsonNode replacing = stored();
        assertThat(replacing.at("/oauth/refreshToken").asString()).isNotEqualTo(old.at("/oauth/refreshToken").asString());
        // The replaced login is dead on both counts; the new one works.
        Reply refreshed = anyone.refresh("sites-cli", old.at("/oauth/refreshToken").asString());
        assertThat(refreshed.status()).as(refreshed.body()).isEqualTo(400);
        assertThat(refreshed.json().get("error").asString()).isEqualTo("invalid_grant");
        assertThat(anyone.getWithToken("/v1/websites", old.get("token").asString()).status()).isEqualTo(401);
        assertThat(anyone.getWithToken("/v1/websites", replacing.get("token").asString()).status()).isEqualTo(200);
        assertThat(sites("list", "--json").exit()).isZero();

        // A revocation endpoint that cannot be reached: the new login is stored all the same, with a note.
        ObjectNode unreachable = (ObjectNode) replacing.deepCopy();
        ((ObjectNode) unreachable.get("oauth")).put("revocationEndpoint",
                "http://127.0.0.1:" + OAuthFlowTest.freePort() + "/oauth2/revoke");
        store(unreachable);
        Run third = sites(approvingBrowser(uri -> uri), "login", "--api", BASE, "--json");
        assertThat(third.exit()).as(third.err() + third.out()).isZero();
        assertThat(third.err()).contains("the previous login could not be revoked");
        assertThat(stored().at("/oauth/refreshToken").asString())
                .isNotEqualTo(replacing.at("/oauth/refreshToken").asString());
        assertThat(stored().at("/oauth/revocationEndpoint").asString()).isEqualTo(BASE + "/oauth2/revoke");
    }

    @Test
    void aRedirectWithAnotherStateIsRefusedAndNothingIsStored() {
        Run login = sites(approvingBrowser(uri -> URI.create(uri.toString().replaceAll("state=[^&]*", "state=forged"))),
                "login", "--api", BASE);
        assertThat(login.exit()).isEqualTo(3);
        assertThat(login.err()).contains("another state");
        assertThat(callbacks).singleElement().satisfies(reply -> assertThat(reply.status()).isEqualTo(400));
        assertThat(configFile()).doesNotExist();
    }

    @Test
    void aRefusedConsentEndsTheLoginWithExitThree() {
        Run login = sites(authorize -> {
            OAuthBrowser browser = new OAuthBrowser(BASE);
            browser.signUp("d" + UUID.randomUUID().toString().substring(0, 12), OAuthFlowTest.PASSWORD);
            callbacks.add(browser.get(browser.consent(authorize.toString(), false).toString()));
        }, "login", "--api", BASE, "--json");
        assertThat(login.exit()).isEqualTo(3);
        assertThat(login.json().at("/error/message").asString()).contains("access_denied");
        assertThat(configFile()).doesNotExist();
    }
}
