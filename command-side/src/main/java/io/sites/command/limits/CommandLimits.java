package io.sites.command.limits;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The command side's {@code sites.limits.*}: what one account may publish, fetch and own, and how large a bundle may
 * be. The rates and the website count have environment variables of their own (SITES_PUBLISHES_PER_MINUTE,
 * SITES_DRY_RUNS_PER_MINUTE, SITES_FETCHES_PER_HOUR, SITES_WEBSITES_PER_ACCOUNT), mapped with their defaults in application.yml; a bundle limit
 * left unset (null) is the specification's, which the bundle module holds ({@code BundleLimits.spec()}).
 */
@ConfigurationProperties("sites.limits")
public record CommandLimits(
        int publishesPerMinute,
        int dryRunsPerMinute,
        int fetchesPerHour,
        int websitesPerAccount,
        Long fileBytes,
        Long bundleBytes,
        Integer htmlPages,
        Integer remoteFiles) {
}
