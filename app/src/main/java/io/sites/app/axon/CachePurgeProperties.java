package io.sites.app.axon;

import io.sites.replica.purge.PurgeSettings;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sites.cache.*} (SITES_CACHE_PURGER, SITES_CACHE_PURGE_TIMEOUT, SITES_CACHE_VARNISH_URLS, SITES_CACHE_BASE_URL,
 * SITES_CACHE_TOKEN, SITES_CACHE_FASTLY_SERVICE_ID, SITES_CACHE_CLOUDFLARE_ZONE_ID): which shared cache in front of the
 * site replicas a write purges before its answer, and how; the site server reads {@code purger} too, to tag its
 * answers (docs/DECISIONS.md, issue 38 item 4).
 */
@ConfigurationProperties("sites.cache")
record CachePurgeProperties(@DefaultValue("none") String purger, @DefaultValue("2s") Duration purgeTimeout,
        List<URI> varnishUrls, String baseUrl, String token, String fastlyServiceId, String cloudflareZoneId) {

    PurgeSettings settings() {
        return new PurgeSettings(purger, purgeTimeout, varnishUrls, baseUrl, token, fastlyServiceId,
                cloudflareZoneId);
    }
}
