package io.sites.app.axon;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sites.read-your-writes-timeout}: how long a write waits for the read models (this process's, and every live
 * site replica's) to show it; {@code sites.replicas.*}: how often an API replica says it is alive, and how recent a
 * heartbeat must be for a replica to count as alive.
 */
@ConfigurationProperties("sites")
record ReadModelProperties(@DefaultValue("10s") Duration readYourWritesTimeout, @DefaultValue Replicas replicas) {

    record Replicas(@DefaultValue("1s") Duration heartbeat, @DefaultValue("5s") Duration aliveWithin) {
    }
}
