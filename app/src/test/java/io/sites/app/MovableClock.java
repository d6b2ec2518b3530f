package io.sites.app;

import io.sites.limits.MovingClock;
import java.time.Instant;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

/** A clock tests move forward by hand, to reach expiries and window ends without waiting. */
public final class MovableClock extends MovingClock {

    /** Import this to replace the application's clock with a movable one (autowire {@link MovableClock}). */
    @TestConfiguration(proxyBeanMethods = false)
    public static class InTheContext {
        @Bean
        @Primary
        MovableClock movableClock() {
            return new MovableClock(Instant.now());
        }
    }

    public MovableClock(Instant start) {
        super(start);
    }
}
