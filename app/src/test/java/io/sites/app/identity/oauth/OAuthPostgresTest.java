package io.sites.app.identity.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.PostgresTestDatabase;
import io.sites.app.SitesApplication;
import io.sites.app.identity.oauth.OAuthBrowser.Reply;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

/**
 * The flow on PostgreSQL, and a restart: the service is stopped and started again on the same database and
 * address, and the tokens issued before are still accepted (the signing key and the authorizations are in the
 * database, not in the process).
 */
class OAuthPostgresTest {

    @Test
    void tokensIssuedBeforeARestartAreAcceptedAfterIt() throws Exception {
        String database = PostgresTestDatabase.create();
        Path data = Files.createTempDirectory("sites-oauth-pg");
        int port = OAuthFlowTest.freePort();
        String base = "http://localhost:" + port;
        String mcp = base + "/mcp";
        OAuthBrowser browser = new OAuthBrowser(base);
        String username = OAuthFlowTest.newUsername();

        String clientId;
        JsonNode tokens;
        try (ConfigurableApplicationContext first = start(database, data, port)) {
            browser.signUp(username, OAuthFlowTest.PASSWORD);
            OAuthBrowser.Grant grant = browser.grant(mcp);
            clientId = grant.clientId();
            Reply token = browser.redeem(grant, mcp);
            assertThat(token.status()).as(token.body()).isEqualTo(200);
            tokens = token.json();
            assertThat(browser.getWithToken("/v1/websites", tokens.get("access_token").asString()).status())
                    .isEqualTo(200);
        }

        try (ConfigurableApplicationContext second = start(database, data, port)) {
            String access = tokens.get("access_token").asString();
            assertThat(browser.getWithToken("/v1/websites", access).status()).isEqualTo(200);
            Reply refreshed = browser.refresh(clientId, tokens.get("refresh_token").asString());
            assertThat(refreshed.status()).as(refreshed.body()).isEqualTo(200);
            String newAccess = refreshed.json().get("access_token").asString();
            // the refresh replaced both tokens of the authorization: the old access token ends with it
            assertThat(browser.getWithToken("/v1/websites", access).status()).isEqualTo(401);
            assertThat(browser.getWithToken("/v1/websites", newAccess).status()).isEqualTo(200);
            // the old refresh token again: refused, and the grant's current tokens are revoked with it
            assertThat(browser.refresh(clientId, tokens.get("refresh_token").asString()).status()).isEqualTo(400);
            assertThat(browser.getWithToken("/v1/websites", newAccess).status()).isEqualTo(401);

            // explicit revocation, on a fresh grant (sessions are per process: the person signs in again)
            browser.signIn(username, OAuthFlowTest.PASSWORD);
            String another = browser.tokens(mcp).get("access_token").asString();
            assertThat(browser.getWithToken("/v1/websites", another).status()).isEqualTo(200);
            String anotherClient = OAuthBrowser.claims(another).get("client_id").asString();
            assertThat(browser.revoke(anotherClient, another).status()).isEqualTo(200);
            assertThat(browser.getWithToken("/v1/websites", another).status()).isEqualTo(401);
        }
    }

    /** Command-line arguments, so that they win over the postgres profile's file, as in production. */
    private static ConfigurableApplicationContext start(String database, Path data, int port) {
        return new SpringApplicationBuilder(SitesApplication.class).profiles("postgres").run(
                "--spring.datasource.url=" + database,
                "--spring.datasource.username=" + PostgresTestDatabase.user(),
                "--server.port=" + port,
                "--sites.base-url=http://localhost:" + port,
                "--sites.site-host=localhost",
                "--sites.data-dir=" + data);
    }
}
