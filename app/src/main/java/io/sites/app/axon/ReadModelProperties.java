package io.sites.app.axon;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** {@code sites.read-your-writes-timeout}: how long a write waits for the read models to show it. */
@ConfigurationProperties("sites")
record ReadModelProperties(@DefaultValue("10s") Duration readYourWritesTimeout) {
}
