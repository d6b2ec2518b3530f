/**
 * Takes site requests to the serving room on both ports: the servlet filter on the API's port (SiteHostFilter) and
 * the dedicated Netty port (SiteListener; SiteConnections, SiteExchange and IdleConnection per connection). Its API:
 * SiteListener, whose port the app reports.
 */
package io.sites.site.transport;
