package io.sites.app.identity.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import io.sites.app.Http;
import io.sites.app.MovableClock;
import io.sites.app.NodeScripts;
import io.sites.app.SitesApplication;
import io.sites.app.identity.oauth.OAuthBrowser.Pkce;
import io.sites.app.identity.oauth.OAuthBrowser.Reply;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The OAuth authorization server and the resource server together, over real HTTP on the embedded database: what
 * an MCP client does (discover, register, PKCE, token, call) and everything that must be refused.
 */
@SpringBootTest(classes = SitesApplication.class, webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT)
@Import(MovableClock.InTheContext.class)
class OAuthFlowTest {
    static final int PORT = freePort();
    static final String BASE = "http://localhost:" + PORT;
    static final String MCP = BASE + "/mcp";
    static final String PASSWORD = "correct horse battery";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws IOException {
        registry.add("server.port", () -> PORT);
        registry.add("sites.base-url", () -> BASE);
        registry.add("sites.site-host", () -> "localhost");
        registry.add("sites.data-dir", Files.createTempDirectory("sites-oauth-test")::toString);
    }

    @Autowired
    MovableClock clock;
    @Autowired
    JWKSource<SecurityContext> keys;
    @Autowired
    JdbcTemplate jdbc;

    /** A new person, signed up through the web application, in a new browser. */
    static OAuthBrowser person() {
        return person(newUsername());
    }

    static OAuthBrowser person(String username) {
        OAuthBrowser browser = new OAuthBrowser(BASE);
        browser.signUp(username, PASSWORD);
        return browser;
    }

    static String newUsername() {
        return "p" + UUID.randomUUID().toString().substring(0, 12);
    }

    @Test
    void discoveryDocumentsPointFromTheResourceToTheAuthorizationServer() {
        OAuthBrowser anyone = new OAuthBrowser(BASE);
        JsonNode server = anyone.get("/.well-known/oauth-authorization-server").json();
        assertThat(server.get("issuer").asString()).isEqualTo(BASE);
        assertThat(server.get("authorization_endpoint").asString()).isEqualTo(BASE + "/oauth2/authorize");
        assertThat(server.get("token_endpoint").asString()).isEqualTo(BASE + "/oauth2/token");
        assertThat(server.get("registration_endpoint").asString()).isEqualTo(BASE + "/oauth2/register");
        assertThat(server.get("revocation_endpoint").asString()).isEqualTo(BASE + "/oauth2/revoke");
        assertThat(server.get("code_challenge_methods_supported").toString()).isEqualTo("[\"S256\"]");
        assertThat(server.get("scopes_supported").toString()).isEqualTo("[\"mcp\"]");
        assertThat(server.get("response_types_supported").toString()).isEqualTo("[\"code\"]");
        assertThat(server.get("grant_types_supported").toString())
                .isEqualTo("[\"authorization_code\",\"refresh_token\"]");
        assertThat(server.get("token_endpoint_auth_methods_supported").toString()).isEqualTo("[\"none\"]");

        for (String[] document : List.of(new String[] {"/.well-known/oauth-protected-resource", BASE},
                new String[] {"/.well-known/oauth-protected-resource/mcp", MCP})) {
            JsonNode resource = anyone.get(document[0]).json();
            assertThat(resource.get("resource").asString()).isEqualTo(document[1]);
            assertThat(resource.get("authorization_servers").toString()).isEqualTo("[\"" + BASE + "\"]");
            assertThat(resource.get("scopes_supported").toString()).isEqualTo("[\"mcp\"]");
            assertThat(resource.get("bearer_methods_supported").toString()).isEqualTo("[\"header\"]");
        }
    }

    @Test
    void browserBasedClientsMayCallDiscoveryRegistrationAndTokenFromAnyOriginWithoutCookies() {
        OAuthBrowser anyone = new OAuthBrowser(BASE);
        for (String path : List.of("/.well-known/oauth-protected-resource/mcp",
                "/.well-known/oauth-protected-resource", "/.well-known/oauth-authorization-server",
                "/oauth2/register", "/oauth2/token", "/oauth2/revoke")) {
            Reply preflight = anyone.preflight(path, "https://inspector.example",
                    path.startsWith("/.well-known") ? "GET" : "POST", "content-type, mcp-protocol-version");
            assertThat(preflight.status()).as(path).isEqualTo(200);
            assertThat(preflight.header("Access-Control-Allow-Origin")).as(path).isEqualTo("*");
            assertThat(preflight.header("Access-Control-Allow-Credentials")).as(path).isNull();
        }
        assertThat(anyone.preflight("/oauth2/authorize", "https://inspector.example", "GET", "content-type")
                .header("Access-Control-Allow-Origin")).isNull();
    }

    @Test
    void aClientRegistersItselfAndAPersonGrantsItATokenForTheMcpEndpoint() {
        OAuthBrowser browser = person();
        Reply registered = browser.register(Map.of("client_name", "Claude Desktop", "redirect_uris",
                List.of(OAuthBrowser.REDIRECT_URI), "token_endpoint_auth_method", "none"));
        assertThat(registered.status()).as(registered.body()).isEqualTo(201);
        JsonNode client = registered.json();
        assertThat(client.has("client_secret")).isFalse();
        assertThat(client.get("token_endpoint_auth_method").asString()).isEqualTo("none");
        assertThat(client.get("scope").asString()).isEqualTo("mcp");
        String clientId = client.get("client_id").asString();

        Pkce pkce = Pkce.create();
        Reply toConsent = browser.get(browser.authorizeUrl(clientId, pkce, MCP, "mcp"));
        assertThat(toConsent.location()).startsWith(BASE + "/app/oauth/consent");
        Reply page = browser.get(toConsent.location());
        assertThat(page.body()).contains("Claude Desktop", "127.0.0.1:53682", "mcp", MCP, "Approve", "Deny");

        String code = OAuthBrowser.code(browser.answer(toConsent.location(), true));
        Instant before = clock.instant();
        Reply token = browser.token(clientId, code, pkce.verifier(), MCP);
        assertThat(token.status()).as(token.body()).isEqualTo(200);
        JsonNode tokens = token.json();
        assertThat(tokens.get("token_type").asString()).isEqualTo("Bearer");
        assertThat(tokens.get("scope").asString()).isEqualTo("mcp");
        assertThat(tokens.get("expires_in").asLong()).isBetween(3590L, 3600L);
        assertThat(tokens.get("refresh_token").asString()).isNotBlank();
        String access = tokens.get("access_token").asString();
        JsonNode claims = OAuthBrowser.claims(access);
        assertThat(claims.get("iss").asString()).isEqualTo(BASE);
        assertThat(claims.get("aud").asString()).isEqualTo(MCP); // one audience: a string, as RFC 7519 allows
        assertThat(claims.get("scope").toString()).isEqualTo("[\"mcp\"]");
        assertThat(claims.get("exp").asLong()).isBetween(before.getEpochSecond() + 3599,
                before.getEpochSecond() + 3601);
        assertThat(claims.get("sub").asString()).startsWith("acc_");

        Reply websites = browser.getWithToken("/v1/websites", access);
        assertThat(websites.status()).as(websites.body()).isEqualTo(200);
        assertThat(websites.json().get("items").isArray()).isTrue();
    }

    @Test
    void theMcpTypeScriptSdkGetsATokenByDiscoveryRegistrationAndScriptedConsent() throws Exception {
        String username = newUsername();
        OAuthBrowser browser = person(username);
        NodeScripts.Outcome outcome = NodeScripts.run("mcp-oauth.mjs", Map.of("SITES_BASE_URL", BASE,
                "SITES_USERNAME", username, "SITES_PASSWORD", PASSWORD), 120).succeeded();
        JsonNode tokens = Http.JSON.readTree(outcome.stdout().strip());
        assertThat(tokens.get("scope").asString()).isEqualTo("mcp");
        String access = tokens.get("access_token").asString();
        assertThat(OAuthBrowser.claims(access).get("aud").asString()).isEqualTo(MCP);
        assertThat(browser.getWithToken("/v1/websites", access).status()).isEqualTo(200);
        Reply tools = browser.mcp(access, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}");
        assertThat(tools.status()).as(tools.body()).isEqualTo(200);
        assertThat(tools.body()).contains("list_websites", "publish_website");
        Reply call = browser.mcp(access, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\","
                + "\"params\":{\"name\":\"list_websites\",\"arguments\":{}}}");
        assertThat(call.status()).as(call.body()).isEqualTo(200);
        assertThat(call.body()).contains("\"result\"").doesNotContain("\"isError\":true");
        // the SDK's refresh token works for its public client, and rotates
        Reply refreshed = browser.refresh(tokens.get("client_id").asString(), tokens.get("refresh_token").asString());
        assertThat(refreshed.status()).as(refreshed.body()).isEqualTo(200);
    }

    @Test
    void anUnauthenticatedBrowserSignsInFirstAndTheAuthorizationRequestResumes() {
        String username = newUsername();
        person(username);
        OAuthBrowser browser = new OAuthBrowser(BASE);
        String clientId = browser.registerClient();
        Pkce pkce = Pkce.create();
        String authorize = browser.authorizeUrl(clientId, pkce, MCP, "mcp");
        Reply toLogin = browser.get(authorize);
        assertThat(toLogin.status()).isEqualTo(302);
        assertThat(toLogin.location()).isEqualTo(BASE + "/app/login");
        String resumed = browser.signIn(username, PASSWORD);
        assertThat(resumed).startsWith(BASE + "/oauth2/authorize?");
        Reply toConsent = browser.get(resumed);
        assertThat(toConsent.location()).startsWith(BASE + "/app/oauth/consent");
        String code = OAuthBrowser.code(browser.answer(toConsent.location(), true));
        assertThat(browser.token(clientId, code, pkce.verifier(), MCP).status()).isEqualTo(200);
    }

    @Test
    void whatAnOAuthTokenDoesIsRecordedWithTheDoorAndTheClientsName() {
        String username = newUsername();
        String access = person(username).tokens(MCP).get("access_token").asString();
        Http http = new Http(PORT);
        Http.Response created = http.post("/v1/websites", access, Map.of("name", "Via OAuth", "category", "other",
                "files", List.of(Map.of("path", "index.html", "content", "<p>oauth</p>"))));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        String id = created.json().get("websiteId").asString();
        JsonNode items = http.get("/v1/websites/" + id + "/history", access).json().get("items");
        assertThat(items.size()).isEqualTo(2);
        items.forEach(item -> {
            JsonNode actor = item.get("actor");
            assertThat(actor.get("name").asString()).isEqualTo(username);
            assertThat(actor.get("via").asString()).isEqualTo("oauth");
            assertThat(actor.get("credential").asString()).isEqualTo("Test MCP client");
        });
    }

    @Test
    void aTokenOpensTheInterfaceOnlyNotThePersonsWebApplicationNorTheAuthorizationEndpoint() throws Exception {
        OAuthBrowser browser = person();
        String access = browser.tokens(MCP).get("access_token").asString();
        OAuthBrowser tokenOnly = new OAuthBrowser(BASE);
        Reply app = tokenOnly.getWithToken("/app/websites", access);
        assertThat(app.status()).isEqualTo(403); // the web application refuses bearer tokens outright
        assertThat(app.json().get("error").get("code").asString()).isEqualTo("FORBIDDEN");
        Reply authorize = tokenOnly.getWithToken(new URI(tokenOnly.authorizeUrl(tokenOnly.registerClient(),
                Pkce.create(), MCP, "mcp")).toString().substring(BASE.length()), access);
        assertThat(authorize.status()).isEqualTo(302);
        assertThat(authorize.header("Location")).isEqualTo(BASE + "/app/login");

        Reply mcp = tokenOnly.postJson("/mcp", Map.of("jsonrpc", "2.0", "id", 1, "method", "ping"));
        assertThat(mcp.status()).isEqualTo(401);
        assertThat(mcp.header("WWW-Authenticate")).startsWith("Bearer resource_metadata=\"" + BASE
                + "/.well-known/oauth-protected-resource");
    }

    @Test
    void pkceIsRequiredAndOnlyS256() {
        OAuthBrowser browser = person();
        String clientId = browser.registerClient();
        String s256 = browser.authorizeUrl(clientId, Pkce.create(), MCP, "mcp");
        for (String url : List.of(s256.replace("code_challenge_method=S256", "code_challenge_method=plain"),
                s256.replaceAll("code_challenge=[^&]+&", "").replace("&code_challenge_method=S256", ""))) {
            Reply refused = browser.get(url);
            assertThat(refused.status()).isEqualTo(302);
            assertThat(refused.location()).startsWith(OAuthBrowser.REDIRECT_URI);
            assertThat(OAuthBrowser.query(URI.create(refused.location()))).containsEntry("error", "invalid_request")
                    .doesNotContainKey("code");
        }
    }

    @Test
    void aWrongVerifierGetsNoToken() {
        OAuthBrowser browser = person();
        OAuthBrowser.Grant grant = browser.grant(MCP);
        Reply refused = browser.token(grant.clientId(), grant.code(), Pkce.create().verifier(), MCP);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("error").asString()).isEqualTo("invalid_grant");
    }

    @Test
    void aCodeWorksOnceAndItsReuseRevokesTheTokensItGave() {
        OAuthBrowser browser = person();
        OAuthBrowser.Grant grant = browser.grant(MCP);
        String access = browser.redeem(grant, MCP).json().get("access_token").asString();
        assertThat(browser.getWithToken("/v1/websites", access).status()).isEqualTo(200);

        Reply again = browser.redeem(grant, MCP);
        assertThat(again.status()).isEqualTo(400);
        assertThat(again.json().get("error").asString()).isEqualTo("invalid_grant");
        assertThat(browser.getWithToken("/v1/websites", access).status()).isEqualTo(401);
    }

    @Test
    void onlyOurResourcesCanBeAskedFor() {
        OAuthBrowser browser = person();
        String clientId = browser.registerClient();
        Reply refused = browser.get(browser.authorizeUrl(clientId, Pkce.create(), "https://other.example", "mcp"));
        assertThat(refused.status()).isEqualTo(302);
        URI redirect = URI.create(refused.location());
        assertThat(redirect.toString()).startsWith(OAuthBrowser.REDIRECT_URI);
        assertThat(OAuthBrowser.query(redirect)).containsEntry("error", "invalid_target");

        // the token request cannot switch to another resource than the one consented to
        OAuthBrowser.Grant grant = browser.grant(MCP);
        Reply switched = browser.redeem(grant, BASE + "/v1");
        assertThat(switched.status()).isEqualTo(400);
        assertThat(switched.json().get("error").asString()).isEqualTo("invalid_target");

        // without a resource the token is for the whole API host
        JsonNode tokens = browser.tokens(null);
        assertThat(OAuthBrowser.claims(tokens.get("access_token").asString()).get("aud").asString())
                .isEqualTo(BASE);
        assertThat(browser.getWithToken("/v1/websites", tokens.get("access_token").asString()).status())
                .isEqualTo(200);
    }

    @Test
    void aTokenSignedByUsForAnotherAudienceOrNeverIssuedIsRefused() {
        OAuthBrowser browser = person();
        JsonNode tokens = browser.tokens(MCP);
        String subject = OAuthBrowser.claims(tokens.get("access_token").asString()).get("sub").asString();

        String foreign = sign(subject, "https://other.example");
        Reply refused = browser.getWithToken("/v1/websites", foreign);
        assertThat(refused.status()).isEqualTo(401);
        assertThat(refused.header("WWW-Authenticate")).contains("error=\"invalid_token\"", "resource_metadata=");

        // right audience and signature, but no authorization behind it: not a token we issued
        assertThat(browser.getWithToken("/v1/websites", sign(subject, MCP)).status()).isEqualTo(401);
    }

    @Test
    void anExpiredTokenIsRefused() {
        OAuthBrowser browser = person();
        String access = browser.tokens(MCP).get("access_token").asString();
        assertThat(browser.getWithToken("/v1/websites", access).status()).isEqualTo(200);
        clock.advance(Duration.ofMinutes(62));
        try {
            Reply refused = browser.getWithToken("/v1/websites", access);
            assertThat(refused.status()).isEqualTo(401);
            assertThat(refused.header("WWW-Authenticate")).contains("error=\"invalid_token\"");
        } finally {
            clock.advance(Duration.ofMinutes(-62));
        }
    }

    @Test
    void deadAuthorizationsArePrunedWhenANewOneStarts() {
        String username = newUsername();
        OAuthBrowser browser = person(username);
        browser.tokens(MCP);
        browser.get(browser.authorizeUrl(browser.registerClient(), Pkce.create(), MCP, "mcp")); // left at consent
        assertThat(authorizationsOf(username)).isEqualTo(2);
        clock.advance(Duration.ofDays(32));
        try {
            OAuthBrowser other = person();
            other.get(other.authorizeUrl(other.registerClient(), Pkce.create(), MCP, "mcp"));
            assertThat(authorizationsOf(username)).isZero();
        } finally {
            clock.advance(Duration.ofDays(-32));
        }
    }

    private int authorizationsOf(String username) {
        return jdbc.queryForObject("select count(*) from oauth2_authorization where principal_name = ?",
                Integer.class, username);
    }

    @Test
    void aRevokedTokenIsRefusedAtOnce() {
        OAuthBrowser browser = person();
        OAuthBrowser.Grant grant = browser.grant(MCP);
        String access = browser.redeem(grant, MCP).json().get("access_token").asString();
        assertThat(browser.getWithToken("/v1/websites", access).status()).isEqualTo(200);

        Reply revoked = browser.revoke(grant.clientId(), access);
        assertThat(revoked.status()).as(revoked.body()).isEqualTo(200);
        Reply refused = browser.getWithToken("/v1/websites", access);
        assertThat(refused.status()).isEqualTo(401);
        assertThat(refused.header("WWW-Authenticate")).isEqualTo("Bearer resource_metadata=\"" + BASE
                + "/.well-known/oauth-protected-resource\", error=\"invalid_token\", error_description=\"The token "
                + "is unknown, expired, revoked or malformed.\"");
        assertThat(refused.json().get("error").get("code").asString()).isEqualTo("AUTH_REQUIRED");
    }

    @Test
    void mcpIsTheOnlyScope() {
        OAuthBrowser browser = person();
        String clientId = browser.registerClient();
        for (String scope : List.of("admin", "mcp admin", "openid")) {
            Reply refused = browser.get(browser.authorizeUrl(clientId, Pkce.create(), MCP, scope));
            assertThat(refused.status()).isEqualTo(302);
            assertThat(OAuthBrowser.query(URI.create(refused.location()))).containsEntry("error", "invalid_scope");
        }
        Reply registration = browser.register(Map.of("client_name", "greedy", "redirect_uris",
                List.of(OAuthBrowser.REDIRECT_URI), "scope", "mcp admin"));
        assertThat(registration.status()).isEqualTo(400);
        assertThat(registration.json().get("error").asString()).isEqualTo("invalid_client_metadata");

        // asking for no scope is asking for mcp
        Pkce pkce = Pkce.create();
        String code = OAuthBrowser.code(browser.consent(browser.authorizeUrl(clientId, pkce, MCP, null), true));
        assertThat(browser.token(clientId, code, pkce.verifier(), MCP).json().get("scope").asString())
                .isEqualTo("mcp");
    }

    @Test
    void registrationAcceptsPublicClientsWithSafeRedirectsOnly() {
        OAuthBrowser anyone = new OAuthBrowser(BASE);
        for (String redirect : List.of("http://evil.example/callback", "javascript:alert(1)",
                "https://app.example/cb#fragment")) {
            Reply refused = anyone.register(Map.of("client_name", "x", "redirect_uris", List.of(redirect)));
            assertThat(refused.status()).as(redirect).isEqualTo(400);
            assertThat(refused.json().get("error").asString()).isEqualTo("invalid_redirect_uri");
        }
        Reply confidential = anyone.register(Map.of("client_name", "x", "redirect_uris",
                List.of("https://app.example/cb"), "token_endpoint_auth_method", "client_secret_basic"));
        assertThat(confidential.json().get("error").asString()).isEqualTo("invalid_client_metadata");
        for (String redirect : List.of("https://app.example/cb", "http://localhost:8976/cb", "http://[::1]:1/")) {
            assertThat(anyone.register(Map.of("client_name", "x", "redirect_uris", List.of(redirect))).status())
                    .as(redirect).isEqualTo(201);
        }
    }

    @Test
    void refreshTokensRotate() {
        OAuthBrowser browser = person();
        OAuthBrowser.Grant grant = browser.grant(MCP);
        String clientId = grant.clientId();
        JsonNode first = browser.redeem(grant, MCP).json();

        Reply refreshed = browser.refresh(clientId, first.get("refresh_token").asString());
        assertThat(refreshed.status()).as(refreshed.body()).isEqualTo(200);
        JsonNode second = refreshed.json();
        assertThat(second.get("refresh_token").asString()).isNotEqualTo(first.get("refresh_token").asString());
        assertThat(OAuthBrowser.claims(second.get("access_token").asString()).get("aud").asString())
                .isEqualTo(MCP);
        assertThat(browser.getWithToken("/v1/websites", second.get("access_token").asString()).status())
                .isEqualTo(200);

        assertThat(browser.getWithToken("/v1/websites", first.get("access_token").asString()).status())
                .isEqualTo(401);
        // another client cannot redeem it
        Reply stolen = browser.refresh(browser.registerClient(), second.get("refresh_token").asString());
        assertThat(stolen.status()).isEqualTo(400);

        // the replaced refresh token presented again: refused, and the grant's current tokens are revoked
        Reply reused = browser.refresh(clientId, first.get("refresh_token").asString());
        assertThat(reused.status()).isEqualTo(400);
        assertThat(reused.json().get("error").asString()).isEqualTo("invalid_grant");
        assertThat(browser.getWithToken("/v1/websites", second.get("access_token").asString()).status())
                .isEqualTo(401);
        assertThat(browser.refresh(clientId, second.get("refresh_token").asString()).status()).isEqualTo(400);
    }

    @Test
    void denyingConsentTellsTheClientAccessDenied() {
        OAuthBrowser browser = person();
        String clientId = browser.registerClient();
        URI redirect = browser.consent(browser.authorizeUrl(clientId, Pkce.create(), MCP, "mcp"), false);
        assertThat(redirect.toString()).startsWith(OAuthBrowser.REDIRECT_URI);
        assertThat(OAuthBrowser.query(redirect)).containsEntry("error", "access_denied")
                .doesNotContainKey("code");
    }

    private String sign(String subject, String audience) {
        Instant now = clock.instant();
        JwtClaimsSet claims = JwtClaimsSet.builder().issuer(BASE).subject(subject).audience(List.of(audience))
                .issuedAt(now).expiresAt(now.plusSeconds(600)).claim("scope", List.of("mcp")).build();
        return new NimbusJwtEncoder(keys).encode(JwtEncoderParameters.from(
                JwsHeader.with(SignatureAlgorithm.RS256).build(), claims)).getTokenValue();
    }

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
