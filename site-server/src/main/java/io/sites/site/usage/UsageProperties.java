package io.sites.site.usage;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sites.site-server.usage.*}: how often a replica writes its usage, how many websites a day may have sketches
 * for (about 20 KB each: paths, referrers, visitors), and how many hours of counts it keeps while the database is away.
 */
@ConfigurationProperties("sites.site-server.usage")
record UsageProperties(@DefaultValue("5s") Duration flush, @DefaultValue("4096") int sketches,
        @DefaultValue("48") int keepHours) {
}
