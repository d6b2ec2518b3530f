package io.sites.app.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/**
 * The doors open to anyone, over real HTTP: one address creates a few accounts and registers a few OAuth clients
 * an hour; other addresses are not affected.
 */
@TestPropertySource(properties = {"sites.limits.sign-ups-per-hour=3", "sites.limits.client-registrations-per-hour=2"})
class AddressLimitsTest extends EmbeddedAppTest {
    private static final String PASSWORD = "correct horse battery";
    private static final String CLIENT = """
            {"client_name": "Agent", "redirect_uris": ["http://127.0.0.1:33418/callback"],
             "grant_types": ["authorization_code", "refresh_token"], "response_types": ["code"],
             "token_endpoint_auth_method": "none", "scope": "mcp"}""";

    @LocalServerPort
    int serverPort;

    @Test
    void anAddressGetsAFewSignUpsAnHourAndEveryAttemptCounts() {
        assertThat(new Browser(serverPort, "127.0.0.7").signUp("limit-one", PASSWORD).statusCode()).isEqualTo(302);
        assertThat(new Browser(serverPort, "127.0.0.7").signUp("limit-two", PASSWORD).statusCode()).isEqualTo(302);
        // A taken username still cost a password hash: it counts.
        assertThat(new Browser(serverPort, "127.0.0.7").signUp("limit-two", PASSWORD).statusCode()).isEqualTo(422);

        HttpResponse<String> refused = new Browser(serverPort, "127.0.0.7").signUp("limit-four", PASSWORD);
        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).contains("3600");
        assertThat(refused.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("text/html"));
        assertThat(refused.body()).contains("Too many sign-ups from your network");
        // Nothing was created: the refused person cannot sign in.
        assertThat(new Browser(serverPort, "127.0.0.9").signIn("limit-four", PASSWORD).headers()
                .firstValue("Location")).hasValueSatisfying(to -> assertThat(to).endsWith("/app/login?error"));

        // Another address signs up as usual.
        assertThat(new Browser(serverPort, "127.0.0.8").signUp("limit-five", PASSWORD).statusCode()).isEqualTo(302);
    }

    @Test
    void anAddressRegistersAFewClientsAnHourAndGetsOAuthsErrorAfterwards() throws Exception {
        assertThat(register("127.0.0.11", CLIENT).statusCode()).isEqualTo(201);
        // Refused metadata counts too: the attempt is what is limited.
        assertThat(register("127.0.0.11", "{\"redirect_uris\": [\"ftp://example.com\"]}").statusCode())
                .isEqualTo(400);

        HttpResponse<String> refused = register("127.0.0.11", CLIENT);
        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).contains("3600");
        assertThat(refused.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/json"));
        assertThat(refused.body()).contains("\"error\":\"temporarily_unavailable\"");

        assertThat(register("127.0.0.12", CLIENT).statusCode()).as("another address").isEqualTo(201);
    }

    private HttpResponse<String> register(String from, String metadata) throws IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder().localAddress(InetAddress.getByName(from)).build();
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + serverPort + "/oauth2/register"))
                .header("Content-Type", "application/json").header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(metadata)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
