/**
 * What a site replica enforces of the quotas (issue 35 items 3 and 4), decided elsewhere: SiteLimits holds in memory
 * the paused websites and the websites with their account's own request ceiling, read from {@code site_limit} in
 * the background (never a database call per request; without the database the last state read stays in force), and
 * RequestCeiling keeps a token bucket per website with traffic, bounded and dropped when idle.
 * Its API: SiteLimits and RequestCeiling, which serving asks (and app's tests refresh).
 */
package io.sites.site.quota;
