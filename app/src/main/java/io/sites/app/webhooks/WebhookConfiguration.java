package io.sites.app.webhooks;

import io.sites.command.remote.WebhookPosts;
import io.sites.site.tls.SealedKeys;
import java.nio.file.Path;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Webhooks' parts: secrets sealed under the key that seals TLS keys ({@code sites.tls.key-encryption-key}, or the
 * data directory's key file), and posts that reach only what {@link WebhookPosts.Reach} allows.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(WebhookProperties.class)
class WebhookConfiguration {

    /** Named for webhooks so it never stands in for another sealing. */
    @Bean
    WebhookSecrets webhookSecrets(Environment environment) {
        return new WebhookSecrets(SealedKeys.configured(environment.getProperty("sites.tls.key-encryption-key"),
                Path.of(environment.getProperty("sites.data-dir", "./data"))));
    }

    @Bean
    WebhookPosts webhookPosts(WebhookPosts.Reach reach, WebhookProperties properties) {
        return new WebhookPosts(reach, properties.connectTimeout(), properties.readTimeout(),
                properties.totalTimeout(), properties.lookupTimeout());
    }

    /** The sealing of hooks' secrets. */
    record WebhookSecrets(SealedKeys keys) {
        String seal(String secret) {
            return keys.seal(secret.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }

        String open(String sealed) {
            try {
                return new String(keys.open(sealed), java.nio.charset.StandardCharsets.UTF_8);
            } catch (java.security.GeneralSecurityException e) {
                throw new IllegalStateException("A webhook's secret cannot be opened with this key", e);
            }
        }
    }
}
