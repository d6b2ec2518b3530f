package io.sites.app.operations;

import io.sites.query.website.ReadModelReplay;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * Readiness of the read model: out of service while it is rebuilt from the event store (reads then come from a
 * copy that misses newer writes). The flag is a database row that ReadModelReplay checks at most twice a second.
 */
@Component
class ReadModelHealthIndicator implements HealthIndicator {
    static final String READ_MODEL = "read-model";

    private final ReadModelReplay replay;

    ReadModelHealthIndicator(ReadModelReplay replay) {
        this.replay = replay;
    }

    @Override
    public Health health() {
        return replay.isReplaying(READ_MODEL) ? Health.outOfService().build() : Health.up().build();
    }
}
