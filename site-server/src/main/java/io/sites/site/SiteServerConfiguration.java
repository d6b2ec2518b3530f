package io.sites.site;

import io.sites.api.blob.BlobStore;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventhandling.tokenstore.inmemory.InMemoryTokenStore;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

@Configuration(proxyBeanMethods = false)
public class SiteServerConfiguration {

    @Bean
    SiteDirectory siteDirectory() {
        return new SiteDirectory();
    }

    /** Each replica keeps its own directory, so its position in the stream is its own too. */
    @Bean
    ConfigurerModule siteDirectoryTokenStore() {
        return configurer -> configurer.eventProcessing(processing -> processing.registerTokenStore(
                SiteDirectoryProjection.PROCESSING_GROUP, c -> new InMemoryTokenStore()));
    }

    @Bean
    FilterRegistrationBean<SiteHostFilter> siteHostFilter(@Value("${sites.site-host}") String siteHost,
            @Value("${sites.site-server.cache-bytes:268435456}") long cacheBytes,
            @Value("${sites.site-server.compress-max-bytes:8388608}") long compressMaxBytes,
            SiteDirectory directory, BlobStore blobs) {
        SiteFiles files = new SiteFiles(blobs, cacheBytes, compressMaxBytes);
        FilterRegistrationBean<SiteHostFilter> registration = new FilterRegistrationBean<>(
                new SiteHostFilter(new SiteHosts(siteHost), directory, files, new SiteGate(System::nanoTime)));
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        registration.addUrlPatterns("/*");
        return registration;
    }
}
