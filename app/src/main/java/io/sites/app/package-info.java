/**
 * The deployable: SitesApplication starts it (the roles package decides which modules a replica assembles), and
 * SiteUrls builds the public addresses any adapter may link to. It uses no other package of app.
 */
package io.sites.app;
