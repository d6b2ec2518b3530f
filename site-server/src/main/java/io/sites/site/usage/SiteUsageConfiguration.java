package io.sites.site.usage;

import io.sites.replica.ReplicaInstances;
import io.sites.replica.ReplicaRow;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** Assembles the usage counters and their writer, under this process's site replica instance name. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(UsageProperties.class)
class SiteUsageConfiguration {

    @Bean
    SiteUsage siteUsage(UsageProperties properties) {
        return new SiteUsage(System::currentTimeMillis, properties.sketches(), properties.keepHours());
    }

    @Bean
    UsageFlush usageFlush(SiteUsage usage, JdbcTemplate jdbc, PlatformTransactionManager transactions,
            ReplicaInstances instances, UsageProperties properties) {
        return new UsageFlush(usage, jdbc, new TransactionTemplate(transactions), instances.claim(ReplicaRow.SITES),
                properties.flush());
    }
}
