package io.sites.app;

import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Beans the whole service shares that belong to no feature: the clock. */
@Configuration(proxyBeanMethods = false)
class SitesConfiguration {

    /** One clock for everything that stamps time, so tests can control it. */
    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
