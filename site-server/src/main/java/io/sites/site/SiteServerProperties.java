package io.sites.site;

import io.sites.api.site.PreviewGrant;
import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * What the site server reads of {@code sites.*}: the site host, the data directory (for the directory snapshots) and
 * {@code sites.site-server.*}, and {@code sites.replicas.*}; whether previews need a grant ({@code sites.previews})
 * and the scheme of {@code sites.base-url} for the grant's cookie. The settings mapped to an environment variable in
 * application.yml (SITES_SITE_HOST, SITES_DATA_DIR, SITES_SITE_PORT, SITES_SITE_ADDRESS, SITES_PREVIEWS) and the
 * replica name (HOSTNAME) take their default there.
 */
@ConfigurationProperties("sites")
public record SiteServerProperties(String siteHost, Path dataDir, @DefaultValue Server siteServer,
        @DefaultValue Replicas replicas, String baseUrl, @DefaultValue("private") PreviewGrant.Access previews) {

    /** Whether sites are served over HTTPS: the scheme of the service's addresses, as previewUrl carries it. */
    public boolean secure() {
        return baseUrl != null && baseUrl.regionMatches(true, 0, "https:", 0, 6);
    }

    /**
     * {@code sites.replicas.*}: how often a replica says it is alive and where it is, and how long a head of the store
     * may stay unread before the replica says it is behind (not ready).
     */
    public record Replicas(@DefaultValue("1s") Duration heartbeat, @DefaultValue("10s") Duration behindAfter) {
    }

    /** {@code port} empty: no port of its own, sites are answered on the API's port only. */
    public record Server(
            Integer port,
            String address,
            String replica,
            @DefaultValue("0") int ioThreads,
            @DefaultValue("30s") Duration snapshotInterval,
            @DefaultValue("268435456") long cacheBytes,
            @DefaultValue("8388608") long compressMaxBytes,
            @DefaultValue("15s") Duration headerTimeout,
            @DefaultValue("75s") Duration idleTimeout,
            @DefaultValue("10000") int maxConnections,
            @DefaultValue("65536") int socketBufferBytes,
            @DefaultValue("33554432") long rulesCacheBytes) {
    }
}
