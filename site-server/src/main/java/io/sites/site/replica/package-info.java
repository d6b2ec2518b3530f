/**
 * This process's row among the site replicas (SiteReplica): how far its directory has read, whether it is ready,
 * its heartbeat, so a publish waits until every live, ready replica serves the new version. Its API: SiteReplica,
 * which the directory tells its progress and the app's readiness probe asks.
 */
package io.sites.site.replica;
