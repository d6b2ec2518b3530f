package io.sites.app;

import io.sites.api.site.PreviewGrant;
import io.sites.site.serving.SitePreviewKey;
import java.security.SecureRandom;
import java.time.Clock;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.beans.factory.annotation.Value;
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

    /**
     * The API mints grants and the site server checks them, with the one key every replica shares. With public
     * previews no grant is minted nor asked for, so the key is neither read nor created: a key of this process only
     * stands in (and a deployment that keeps previews public needs no key table).
     */
    @Bean
    PreviewGrant previewGrant(JdbcTemplate jdbc, @Value("${sites.previews:private}") PreviewGrant.Access previews) {
        if (previews == PreviewGrant.Access.PUBLIC) {
            byte[] unused = new byte[32];
            new SecureRandom().nextBytes(unused);
            return new PreviewGrant(unused);
        }
        return new PreviewGrant(SitePreviewKey.load(jdbc));
    }
}
