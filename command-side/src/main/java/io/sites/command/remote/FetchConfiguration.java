package io.sites.command.remote;

import javax.net.ssl.SSLContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Production's fetch and webhook policy: public addresses only, and the JDK's trusted CAs. There is deliberately no property
 * to relax either; tests replace these beans with {@code @Primary} ones defined in test sources.
 */
@Configuration(proxyBeanMethods = false)
class FetchConfiguration {

    @Bean
    AddressPolicy addressPolicy() {
        return AddressPolicy.publicOnly();
    }

    /** Webhooks' own, so a test can let one receiver through without letting sourceUrl fetches reach it. */
    @Bean
    WebhookPosts.Reach webhookReach() throws Exception {
        return WebhookPosts.Reach.production();
    }

    @Bean
    SourceFetches.FetchTls fetchTls() throws Exception {
        return new SourceFetches.FetchTls(SSLContext.getDefault().getSocketFactory());
    }
}
