package io.sites.site.serving;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.site.SiteAddress;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The door of a custom hostname: ACME's challenge is answered on either name of an apex/www pair, the name that does
 * not serve answers a 308 to the one that does (https when that one has a certificate), and plain HTTP on a name
 * with a certificate moves to HTTPS.
 */
class HttpsGateTest {
    private static final SiteAddress ADDRESS = new SiteAddress("sites.test");

    private record Request(String host, String rawPath, String query, String authority, boolean secure)
            implements SiteRequest {
        @Override
        public String method() {
            return "GET";
        }

        @Override
        public String header(String name) {
            return "Host".equalsIgnoreCase(name) ? authority : null;
        }

        @Override
        public String remoteAddress() {
            return "192.0.2.1";
        }
    }

    /** Certificates for these hosts; every challenge answered. */
    private static SecureHosts certified(Set<String> hosts) {
        return new SecureHosts() {
            @Override
            public boolean redirects(String host) {
                return hosts.contains(host);
            }

            @Override
            public Optional<String> challenge(String host, String token) {
                return Optional.of(token + ".key");
            }
        };
    }

    private static String location(SiteResponse response) {
        List<String> headers = response.headers();
        for (int i = 0; i < headers.size(); i += 2) {
            if (headers.get(i).equalsIgnoreCase("Location")) {
                return headers.get(i + 1);
            }
        }
        return null;
    }

    @Test
    void theNameThatDoesNotServeRedirectsToTheOneThatDoesAfterAnsweringTheCa() {
        HttpsGate plainOnly = new HttpsGate(SecureHosts.NONE, ADDRESS);
        SiteResponse moved = plainOnly.answer(new Request("example.org", "/a b", "x=1", "example.org:8080", false),
                new SiteResponse(), "www.example.org");
        assertThat(moved.status()).isEqualTo(308);
        assertThat(location(moved)).isEqualTo("http://www.example.org:8080/a%20b?x=1");
        assertThat(plainOnly.answer(new Request("www.example.org", "/", null, "www.example.org", false),
                new SiteResponse(), null)).as("the serving name goes on to the site").isNull();

        HttpsGate secure = new HttpsGate(certified(Set.of("example.org", "www.example.org")), ADDRESS);
        SiteResponse challenge = secure.answer(new Request("example.org", SecureHosts.CHALLENGE_PATH + "tok", null,
                "example.org", false), new SiteResponse(), "www.example.org");
        assertThat(challenge.status()).as("the CA validates the redirecting name too").isEqualTo(200);
        SiteResponse straight = secure.answer(new Request("example.org", "/p", null, "example.org", false),
                new SiteResponse(), "www.example.org");
        assertThat(location(straight)).as("one hop, to HTTPS").isEqualTo("https://www.example.org/p");
        SiteResponse fromHttps = secure.answer(new Request("example.org", "/p", null, "example.org", true),
                new SiteResponse(), "www.example.org");
        assertThat(location(fromHttps)).isEqualTo("https://www.example.org/p");
        SiteResponse upgrade = secure.answer(new Request("www.example.org", "/p", null, "www.example.org", false),
                new SiteResponse(), null);
        assertThat(location(upgrade)).isEqualTo("https://www.example.org/p");
    }
}
