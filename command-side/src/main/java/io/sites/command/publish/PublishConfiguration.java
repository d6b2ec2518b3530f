package io.sites.command.publish;

import io.sites.bundle.BundleLimits;
import io.sites.bundle.BundleReader;
import io.sites.bundle.RemoteFiles;
import io.sites.command.limits.CommandLimits;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The bundle limits the publish path applies: the specification's, or lower ones an operator set. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(CommandLimits.class)
class PublishConfiguration {

    /** The spec's limits by default; operators may lower them (tests do, to reach them cheaply). */
    @Bean
    BundleLimits bundleLimits(CommandLimits limits) {
        BundleLimits spec = BundleLimits.spec();
        return new BundleLimits(limits.fileBytes() != null ? limits.fileBytes() : spec.fileBytes(),
                limits.bundleBytes() != null ? limits.bundleBytes() : spec.bundleBytes(),
                limits.htmlPages() != null ? limits.htmlPages() : spec.htmlPages(),
                limits.remoteFiles() != null ? limits.remoteFiles() : spec.remoteFiles());
    }

    @Bean
    BundleReader bundleReader(BundleLimits limits) {
        return new BundleReader(limits, RemoteFiles.unsupported());
    }
}
