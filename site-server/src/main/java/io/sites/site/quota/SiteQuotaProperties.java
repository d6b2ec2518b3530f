package io.sites.site.quota;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sites.quota.*} as a site replica reads it: the default request ceiling per website and second
 * ({@code SITES_QUOTA_REQUESTS_SECOND}), how often {@code site_limit} is read, and how many websites may hold a
 * token bucket at once (about 100 bytes each).
 */
@ConfigurationProperties("sites.quota")
record SiteQuotaProperties(@DefaultValue("1000") int requestsSecond, @DefaultValue("1s") Duration refresh,
        @DefaultValue("100000") int buckets) {
}
