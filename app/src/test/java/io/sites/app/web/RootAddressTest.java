package io.sites.app.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /} on the API's host, which the spec leaves undefined: a browser lands on the web application, an API
 * client gets the 404 envelope as for any unknown path, and a site host's root is still its site's.
 */
class RootAddressTest extends EmbeddedAppTest {

    @Test
    void aBrowserIsSentToTheWebApplication() {
        Http.Response page = http().onHost("localhost", "GET", "/", "Accept",
                "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8");
        assertThat(page.status()).isEqualTo(302);
        assertThat(page.header("Location")).endsWith("/app/");
    }

    @Test
    void anApiClientKeepsTheJsonEnvelope() {
        for (String accept : new String[] {"application/json", "*/*"}) {
            Http.Response answer = http().onHost("localhost", "GET", "/", "Accept", accept);
            assertThat(answer.status()).as(accept).isEqualTo(404);
            assertThat(answer.json().get("error").get("code").asString()).isEqualTo("NOT_FOUND");
        }
        assertThat(http().get("/", null).status()).as("no Accept at all").isEqualTo(404);
    }
}
