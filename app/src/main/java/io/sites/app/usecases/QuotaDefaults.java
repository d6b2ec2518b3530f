package io.sites.app.usecases;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * {@code sites.quota.*} as the api replicas read it: each account's defaults (an operator may set an account's own
 * values, {@link AccountQuotas}) — bytes sent a calendar month (UTC) by all its websites
 * ({@code SITES_QUOTA_BANDWIDTH_MONTH}), bytes its versions store, each distinct blob once ({@code SITES_QUOTA_STORAGE}),
 * requests a second per website on each replica ({@code SITES_QUOTA_REQUESTS_SECOND}) — and how often
 * {@link QuotaWatch} decides notices and pauses.
 */
@ConfigurationProperties("sites.quota")
public record QuotaDefaults(@DefaultValue("100GB") DataSize bandwidthMonth, @DefaultValue("10GB") DataSize storage,
        @DefaultValue("1000") int requestsSecond, @DefaultValue("2s") Duration check) {
}
