package io.sites.app;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The public addresses ({@code sites.base-url}, {@code sites.site-host}, {@code sites.app-url}); their defaults derive
 * from {@code server.port} and from each other, so they and their environment variables (SITES_BASE_URL,
 * SITES_SITE_HOST, SITES_APP_URL) are in application.yml.
 */
@ConfigurationProperties("sites")
record AddressProperties(String baseUrl, String siteHost, String appUrl) {
}
