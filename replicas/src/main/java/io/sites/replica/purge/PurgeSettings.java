package io.sites.replica.purge;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * {@code sites.cache.*} as the purgers read it. {@code varnishUrls}: every Varnish in front of the replicas (each is
 * purged); {@code baseUrl}: the CDN API's address (its public one when empty, another for a test's fake);
 * {@code token}: the CDN API token; {@code fastlyServiceId} / {@code cloudflareZoneId}: what the CDN purges in.
 */
public record PurgeSettings(String purger, Duration timeout, List<URI> varnishUrls, String baseUrl, String token,
        String fastlyServiceId, String cloudflareZoneId) {

    public PurgeSettings {
        purger = purger == null || purger.isBlank() ? "none" : purger.trim().toLowerCase(Locale.ROOT);
        timeout = timeout == null ? Duration.ofSeconds(2) : timeout;
        varnishUrls = varnishUrls == null ? List.of() : List.copyOf(varnishUrls);
    }

    URI baseUrl(String official) {
        String base = baseUrl == null || baseUrl.isBlank() ? official : baseUrl;
        return URI.create(base.endsWith("/") ? base.substring(0, base.length() - 1) : base);
    }

    static String required(String value, String name) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(name + " is required by the configured cache purger");
        }
        return value;
    }
}
