package io.sites.app;

import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class SitesConfiguration {

    /** One clock for everything that stamps time, so tests can control it. */
    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
