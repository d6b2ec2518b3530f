/**
 * Purging a shared cache in front of the site replicas (Varnish, Fastly, Cloudflare) by a website's cache tag, the
 * last step of read-your-writes: after every live site replica serves the new version, the cache forgets the old one,
 * so a 201 or 204 means the next read through the cache is the new version. {@link io.sites.replica.purge.CachePurge}
 * bounds it by a timeout, times it and logs when it runs out; the purgers speak each cache's purge-by-tag API over the
 * JDK's HTTP client. No role, no Spring: the app's ProcessorReadModels builds it from {@code sites.cache.*}.
 */
package io.sites.replica.purge;
