package io.sites.app.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.PostgresAppTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** The throttle's statements on PostgreSQL (the HTTP behaviour is tested on H2 by WebAppSecurityTest). */
class SignInThrottlePostgresTest extends PostgresAppTest {
    @Autowired
    SignInThrottle throttle;

    @Test
    void countsPerUsernameAndPerAddressAndASuccessForgetsOnlyTheUsername() {
        for (int i = 0; i < SignInThrottle.PER_USERNAME; i++) {
            assertThat(throttle.refused("pg-person", "10.9.0.1")).isFalse();
            throttle.failed("PG-Person ", "10.9.0.1");
        }
        assertThat(throttle.refused("pg-person", "10.9.0.2")).isTrue();
        throttle.succeeded("pg-person");
        assertThat(throttle.refused("pg-person", "10.9.0.2")).isFalse();

        for (int i = SignInThrottle.PER_USERNAME; i < SignInThrottle.PER_ADDRESS; i++) {
            throttle.failed("pg-other-" + i, "10.9.0.1");
        }
        assertThat(throttle.refused("anyone", "10.9.0.1")).isTrue();
        throttle.succeeded("pg-other-7");
        assertThat(throttle.refused("anyone", "10.9.0.1")).isTrue();
        assertThat(throttle.refused("anyone", "10.9.0.3")).isFalse();
        // A username longer than the column is cut, not refused by the database.
        throttle.failed("x".repeat(300), "10.9.0.4");
    }
}
