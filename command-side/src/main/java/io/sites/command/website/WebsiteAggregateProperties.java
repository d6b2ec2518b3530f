package io.sites.command.website;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sites.snapshot-every}: a website's aggregate is snapshotted after this many events.
 * {@code sites.retain-versions} ({@code SITES_RETAIN_VERSIONS}): the operator's default retainVersions for websites
 * that set none; unset for unlimited.
 */
@ConfigurationProperties("sites")
record WebsiteAggregateProperties(@DefaultValue("50") int snapshotEvery, Integer retainVersions) {
}
