package io.sites.command.publish;

import io.sites.bundle.BundleLimits;
import io.sites.bundle.BundleReader;
import io.sites.bundle.RemoteFiles;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class PublishConfiguration {

    /** The spec's limits by default; operators may lower them (tests do, to reach them cheaply). */
    @Bean
    BundleLimits bundleLimits(
            @Value("${sites.limits.file-bytes:52428800}") long fileBytes,
            @Value("${sites.limits.bundle-bytes:1073741824}") long bundleBytes,
            @Value("${sites.limits.html-pages:15}") int htmlPages,
            @Value("${sites.limits.remote-files:20}") int remoteFiles) {
        return new BundleLimits(fileBytes, bundleBytes, htmlPages, remoteFiles);
    }

    @Bean
    BundleReader bundleReader(BundleLimits limits) {
        return new BundleReader(limits, RemoteFiles.unsupported());
    }
}
