package io.sites.app.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/** Open registration over real HTTP: one address creates at most a few accounts an hour; others are not affected. */
@TestPropertySource(properties = "sites.limits.sign-ups-per-hour=3")
class SignUpThrottleTest extends EmbeddedAppTest {
    private static final String PASSWORD = "correct horse battery";

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
}
