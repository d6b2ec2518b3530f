package io.sites.app.operations;

import io.sites.app.roles.ConditionalOnRole;
import io.sites.app.roles.ServiceRole;
import io.sites.query.website.ReadModelReplay;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * The read model on /actuator/health: out of service while it is rebuilt from the event store (reads then come from
 * a copy that misses newer writes). Not part of readiness: the flag is one database row for all replicas, so it
 * would take every replica, and every site, out of the load balancer while each can still answer. ReadModelReplay
 * reads the row at most twice a second.
 */
@Component
@ConditionalOnRole(ServiceRole.API)
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
