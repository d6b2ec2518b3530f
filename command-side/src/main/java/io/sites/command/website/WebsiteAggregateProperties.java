package io.sites.command.website;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** {@code sites.snapshot-every}: a website's aggregate is snapshotted after this many events. */
@ConfigurationProperties("sites")
record WebsiteAggregateProperties(@DefaultValue("50") int snapshotEvery) {
}
