package io.sites.app.identity.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.SitesApplication;
import io.sites.app.identity.oauth.OAuthBrowser.Reply;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The Tokens page's "Authorised applications": a client a person let in is listed with its last use, and signing it
 * out there ends its access at once: its access token gets 401 on the next request and its refresh token no new
 * one; another person cannot sign it out.
 */
@SpringBootTest(classes = SitesApplication.class, webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT)
class OAuthGrantsTest {
    static final int PORT = OAuthFlowTest.freePort();
    static final String BASE = "http://localhost:" + PORT;
    static final String MCP = BASE + "/mcp";
    static final String PING = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws IOException {
        registry.add("server.port", () -> PORT);
        registry.add("sites.base-url", () -> BASE);
        registry.add("sites.site-host", () -> "localhost");
        registry.add("sites.data-dir", Files.createTempDirectory("sites-oauth-grants-test")::toString);
    }

    @Test
    void anAuthorisedClientIsListedWithItsLastUseAndSigningItOutRefusesItsTokens() {
        String username = "g" + UUID.randomUUID().toString().substring(0, 12);
        OAuthBrowser browser = new OAuthBrowser(BASE);
        browser.signUp(username, OAuthFlowTest.PASSWORD);
        OAuthBrowser.Grant grant = browser.grant(MCP);
        JsonNode tokens = browser.redeem(grant, MCP).json();
        String access = tokens.get("access_token").asString();
        String refresh = tokens.get("refresh_token").asString();

        Reply listed = browser.get("/app/mcp");
        assertThat(listed.body()).contains("Authorised applications").contains("data-client=\"" + grant.clientId() + "\"")
                .contains("Test MCP client").contains("not used yet");
        assertThat(browser.mcp(access, PING).status()).isEqualTo(200);
        assertThat(browser.get("/app/mcp").body()).contains("last used").doesNotContain("not used yet");

        // Someone else's session cannot sign the client out: the form names a client, the grant is per person.
        OAuthBrowser stranger = new OAuthBrowser(BASE);
        stranger.signUp("s" + UUID.randomUUID().toString().substring(0, 12), OAuthFlowTest.PASSWORD);
        stranger.postForm("/app/mcp/clients/revoke", Map.of("client", grant.clientId(),
                "_csrf", OAuthBrowser.hidden(stranger.get("/app/mcp").body()).get("_csrf")));
        assertThat(browser.mcp(access, PING).status()).isEqualTo(200);

        Reply revoked = browser.postForm("/app/mcp/clients/revoke", Map.of("client", grant.clientId(),
                "_csrf", OAuthBrowser.hidden(browser.get("/app/mcp").body()).get("_csrf")));
        assertThat(revoked.status()).isEqualTo(302);
        assertThat(revoked.location()).endsWith("/app/mcp#clients");
        Reply after = browser.get("/app/mcp");
        assertThat(after.body()).contains("no longer has access").doesNotContain("data-client=\"" + grant.clientId() + "\"");

        int status = browser.mcp(access, PING).status();
        int refreshed = browser.refresh(grant.clientId(), refresh).status();
        System.out.println("ADVERSARIAL oauth-grant-revoked: access_token_status=" + status
                + " refresh_status=" + refreshed);
        assertThat(status).isEqualTo(401);
        assertThat(refreshed).isEqualTo(400);
    }
}
