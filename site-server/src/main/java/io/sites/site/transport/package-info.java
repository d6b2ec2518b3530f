/**
 * Takes site requests to the serving room on both ports: the servlet filter on the API's port (SiteHostFilter) and
 * the dedicated Netty port (SiteListener; SiteConnections, SiteExchange and IdleConnection per connection), and its
 * HTTPS twin (SiteTlsListener: SNI from the tls room's SiteCertificates, TlsProtocols switching to Http2Exchange
 * when ALPN picks h2). Its API: SiteListener, whose port the app reports.
 */
package io.sites.site.transport;
