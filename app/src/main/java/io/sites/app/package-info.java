/**
 * The deployable: SitesApplication assembles every module under io.sites, and SiteUrls builds the public addresses any
 * adapter may link to. It uses no other package of app.
 */
package io.sites.app;
