package io.sites.app;

import io.sites.api.site.PreviewGrant;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The public addresses ({@code sites.base-url}, {@code sites.site-host}, {@code sites.app-url}); their defaults derive
 * from {@code server.port} and from each other, so they and their environment variables (SITES_BASE_URL,
 * SITES_SITE_HOST, SITES_APP_URL) are in application.yml. {@code sites.previews} (SITES_PREVIEWS) decides whether a
 * preview's address carries a grant.
 */
@ConfigurationProperties("sites")
record AddressProperties(String baseUrl, String siteHost, String appUrl,
        @DefaultValue("private") PreviewGrant.Access previews) {
}
