package io.sites.site.quota;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/** Assembles the quota state this replica reads and its per-website request ceiling, whose idle
 * buckets are dropped at each read. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SiteQuotaProperties.class)
class SiteQuotaConfiguration {

    @Bean
    SiteLimits siteLimits(JdbcTemplate jdbc, SiteQuotaProperties properties, RequestCeiling ceiling) {
        return new SiteLimits(jdbc, System::currentTimeMillis, properties.requestsSecond(), properties.refresh(),
                ceiling::sweep);
    }

    @Bean
    RequestCeiling requestCeiling(SiteQuotaProperties properties) {
        return new RequestCeiling(System::nanoTime, properties.buckets());
    }
}
