package io.sites.app.operations;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.mock.env.MockEnvironment;

/** Where the management port listens when nobody said: loopback, unless it is off or the API's own port. */
class LoopbackEnvironmentTest {
    private final LoopbackEnvironment loopback = new LoopbackEnvironment();

    @Test
    void aManagementPortOfItsOwnListensOnLoopback() {
        MockEnvironment environment = new MockEnvironment().withProperty("management.server.port", "9090");
        loopback.postProcessEnvironment(environment, new SpringApplication());
        assertThat(environment.getProperty("management.server.address")).isEqualTo("127.0.0.1");
        assertThat(System.getProperty("h2.bindAddress")).isEqualTo("127.0.0.1");
    }

    @Test
    void anAddressTheOperatorGaveWins() {
        MockEnvironment environment = new MockEnvironment().withProperty("management.server.port", "9090")
                .withProperty("management.server.address", "0.0.0.0");
        loopback.postProcessEnvironment(environment, new SpringApplication());
        assertThat(environment.getProperty("management.server.address")).isEqualTo("0.0.0.0");
    }

    @Test
    void noAddressForAManagementPortThatIsOffOrTheApisOwn() {
        // Spring refuses to start with an address for a management port that is the API's port.
        for (MockEnvironment environment : new MockEnvironment[] {
            new MockEnvironment().withProperty("management.server.port", "-1"),
            new MockEnvironment(),
            new MockEnvironment().withProperty("management.server.port", "8080"),
            new MockEnvironment().withProperty("management.server.port", "9000").withProperty("server.port", "9000")}) {
            loopback.postProcessEnvironment(environment, new SpringApplication());
            assertThat(environment.getProperty("management.server.address")).isNull();
        }
    }
}
