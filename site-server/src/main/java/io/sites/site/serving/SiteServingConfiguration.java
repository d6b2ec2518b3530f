package io.sites.site.serving;

import io.sites.api.site.PreviewGrant;
import io.sites.api.site.SiteAddress;
import io.sites.api.blob.BlobStore;
import io.sites.limits.RateWindows;
import io.sites.site.SiteServerProperties;
import io.sites.site.directory.SiteDirectory;
import io.sites.site.quota.RequestCeiling;
import io.sites.site.quota.SiteLimits;
import io.sites.site.usage.SiteUsage;
import java.io.IOException;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Assembles what answers a site request on either port: the responder, its files, gate and previews, the counters. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SiteServerProperties.class)
class SiteServingConfiguration {

    /** Counted on both ports; the app exposes the counters as metrics. */
    @Bean
    SiteTraffic siteTraffic() {
        return new SiteTraffic();
    }

    @Bean
    SiteFiles siteFiles(BlobStore blobs, SiteServerProperties properties, SiteTraffic traffic,
            @Value("${sites.site-server.blob-copies-bytes:4294967296}") long copiesBytes) throws IOException {
        // A remote store's blobs are copied to local disk so they go out with sendfile too (issue 38 item 5).
        BlobCopies copies = blobs.keepsFilesLocally() || properties.dataDir() == null || copiesBytes <= 0 ? null
                : new BlobCopies(blobs, properties.dataDir().resolve("blob-copies"), copiesBytes);
        return new SiteFiles(blobs, properties.siteServer().cacheBytes(), properties.siteServer().compressMaxBytes(),
                traffic, SiteFiles.OPEN_FILES, copies);
    }

    @Bean
    SiteResponder siteResponder(SiteServerProperties properties, SiteDirectory directory, SiteFiles files,
            RateWindows windows, PreviewGrant grants, Clock clock, SiteUsage usage,
            @Value("${sites.cache.purger:none}") String purger, SiteLimits limits, RequestCeiling ceiling,
            ObjectProvider<SecureHosts> secure) {
        return new SiteResponder(new SiteAddress(properties.siteHost()), directory, files, new SiteGate(windows),
                new SitePreviews(grants, properties.previews(), properties.secure(), clock),
                properties.siteServer().rulesCacheBytes(), usage, SharedCache.of(purger), limits, ceiling,
                secure.getIfAvailable(() -> SecureHosts.NONE));
    }
}
