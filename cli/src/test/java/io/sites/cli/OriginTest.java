package io.sites.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import org.junit.jupiter.api.Test;

/** Which origin a login belongs to, and where plain http may go: decided from the address alone, nothing sent. */
class OriginTest {
    @Test
    void anOriginIsSchemeHostAndPortAsABrowserComparesThem() {
        assertThat(Origin.of(URI.create("https://Sites.Example.com:443/api/")).toString())
                .isEqualTo("https://sites.example.com");
        assertThat(Origin.of(URI.create("http://localhost:8080/sites/v1"))).isEqualTo(
                Origin.of(URI.create("http://LOCALHOST:8080")));
        assertThat(Origin.of(URI.create("http://localhost:8080"))).isNotEqualTo(
                Origin.of(URI.create("http://localhost:8081")));
        assertThat(Origin.of(URI.create("http://localhost:8080"))).isNotEqualTo(
                Origin.of(URI.create("http://127.0.0.1:8080")));
        assertThat(Origin.of(URI.create("http://example.com"))).isNotEqualTo(
                Origin.of(URI.create("https://example.com")));
    }

    @Test
    void onlyLoopbackLiteralsAndLocalhostAreThisComputer() {
        for (String local : new String[] {"http://localhost", "http://127.0.0.1:8080", "http://127.9.8.7",
                "http://[::1]:8080", "http://[::ffff:127.0.0.1]"}) {
            assertThat(Origin.of(URI.create(local)).loopback()).as(local).isTrue();
        }
        // Names are never looked up: one that resolves to 127.0.0.1 today may not tomorrow.
        for (String remote : new String[] {"http://0.0.0.0:8080", "http://192.0.2.1", "http://10.0.0.1",
                "http://[fd00::2]", "http://example.com", "http://localhost.example.com", "http://127.0.0.1.nip.io",
                "http://2130706433"}) {
            assertThat(Origin.of(URI.create(remote)).loopback()).as(remote).isFalse();
        }
    }

    @Test
    void plainHttpOffThisComputerIsRefusedUnlessInsecure() {
        URI remote = URI.create("http://192.0.2.1:8080/sites/");
        assertThatThrownBy(() -> Origin.requireSecure(remote, false)).isInstanceOfSatisfying(Failure.class,
                failure -> {
                    assertThat(failure.exit).isEqualTo(Exit.USAGE);
                    assertThat(failure.getMessage()).contains("http://192.0.2.1:8080", "https", "--insecure");
                });
        assertThat(Origin.requireSecure(remote, true)).isEqualTo(remote);
        assertThat(Origin.requireSecure(URI.create("https://192.0.2.1"), false)).isNotNull();
        assertThat(Origin.requireSecure(URI.create("http://localhost:8080"), false)).isNotNull();
        assertThat(Origin.requireSecure(URI.create("http://127.0.0.1:9"), false)).isNotNull();
    }
}
