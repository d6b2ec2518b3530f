/**
 * What each website's visitors cost, counted on this site replica off the hot path: per website and hour the
 * requests, body bytes, answers by status class and cache hits (HourCounts); per website and day the most requested
 * paths, the referring hosts (TopCounts) and an estimate of unique visitors (Visitors, a HyperLogLog over a salted
 * hash that lives in memory for the day). UsageFlush writes them to the usage tables as this replica's absolute
 * figures, keyed by the replica instance, so a retried write never counts twice; the fleet's figure is the sum.
 * Its API: SiteUsage for serving (one call per answer), UsageFlush for app's tests, Visitors to merge registers.
 */
package io.sites.site.usage;
