package io.sites.app;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

/** A clock tests move forward by hand, to reach expiries and window ends without waiting. */
public final class MovableClock extends Clock {

    /** Import this to replace the application's clock with a movable one (autowire {@link MovableClock}). */
    @TestConfiguration(proxyBeanMethods = false)
    public static class InTheContext {
        @Bean
        @Primary
        MovableClock movableClock() {
            return new MovableClock(Instant.now());
        }
    }
    private final AtomicReference<Instant> now;

    public MovableClock(Instant start) {
        this.now = new AtomicReference<>(start);
    }

    public void advance(Duration by) {
        now.updateAndGet(t -> t.plus(by));
    }

    @Override
    public Instant instant() {
        return now.get();
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
