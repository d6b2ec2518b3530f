package io.sites.command.website;

import java.time.Clock;
import org.axonframework.common.caching.Cache;
import org.axonframework.common.caching.WeakReferenceCache;
import org.axonframework.eventsourcing.EventCountSnapshotTriggerDefinition;
import org.axonframework.eventsourcing.SnapshotTriggerDefinition;
import org.axonframework.eventsourcing.Snapshotter;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** How the Website aggregate is loaded: snapshots every few events and a cache of hot websites. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(WebsiteAggregateProperties.class)
class WebsiteAggregateConfiguration {

    /** Keeps loading a long-lived website cheap: its manifests need not be read again on every publish. */
    @Bean
    SnapshotTriggerDefinition websiteSnapshotTrigger(Snapshotter snapshotter,
            WebsiteAggregateProperties properties) {
        return new EventCountSnapshotTriggerDefinition(snapshotter, properties.snapshotEvery());
    }

    /**
     * Hot websites stay loaded. Another replica's append makes a cached instance stale; the append then fails on
     * the sequence number, the entry is evicted, and the publish is retried.
     */
    @Bean
    Cache websiteCache() {
        return new WeakReferenceCache();
    }

    /** The clock and the operator's retention default, handed to the aggregate's command handlers. */
    @Bean
    Lifetimes lifetimes(ObjectProvider<Clock> clock, WebsiteAggregateProperties properties) {
        return new Lifetimes(clock.getIfAvailable(Clock::systemUTC), properties.retainVersions());
    }
}
