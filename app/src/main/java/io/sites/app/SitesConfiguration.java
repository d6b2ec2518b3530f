package io.sites.app;

import io.sites.api.PreviewGrant;
import io.sites.site.SitePreviewKey;
import java.time.Clock;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Beans the whole service shares that belong to no feature: the clock, the key of preview grants. */
@Configuration(proxyBeanMethods = false)
class SitesConfiguration {

    /** One clock for everything that stamps time, so tests can control it. */
    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    /** The API mints grants and the site server checks them, with the one key every replica shares. */
    @Bean
    PreviewGrant previewGrant(JdbcTemplate jdbc) {
        return new PreviewGrant(SitePreviewKey.load(jdbc));
    }
}
