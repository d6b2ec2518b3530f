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
        @DefaultValue Replicas replicas, String baseUrl, @DefaultValue("private") PreviewGrant.Access previews,
        @DefaultValue Tls tls) {

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

    /**
     * {@code sites.tls.*}: HTTPS on the site port (issue 34, items 4-5). {@code certificate}/{@code privateKey}: the
     * operator's wildcard for {@code *.{site_host}} (PEM files, read again when they change); {@code keyEncryptionKey}:
     * base64 of 32 bytes sealing the private keys in the database (empty: a key file in the data directory, which
     * only the embedded single process may rely on); {@code acmeDirectory}: the CA (empty: no certificates ordered);
     * {@code acmeTrust}: a PEM of extra CA roots for reaching a test CA's own HTTPS; {@code refresh}: how often a
     * replica reads the certificates of others; {@code orderInterval}: how often it looks for domains to certify;
     * {@code challengeRefresh}: how often it reads the pending ACME challenges (an order waits twice that before the
     * CA looks).
     */
    public record Tls(Path certificate, Path privateKey, String keyEncryptionKey, String acmeDirectory,
            Path acmeTrust, String acmeEmail, @DefaultValue("5s") Duration refresh,
            @DefaultValue("30s") Duration orderInterval, @DefaultValue("5m") Duration lease,
            @DefaultValue("2m") Duration validationTimeout, @DefaultValue("1s") Duration challengeRefresh) {

        /** Whether certificates are ordered. */
        public boolean ordersCertificates() {
            return acmeDirectory != null && !acmeDirectory.isBlank();
        }
    }

    /** {@code port} empty: no port of its own, sites are answered on the API's port only. */
    public record Server(
            Integer port,
            Integer tlsPort,
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
            @DefaultValue("33554432") long rulesCacheBytes,
            @DefaultValue("67108864") long manifestCacheBytes) {
    }
}
