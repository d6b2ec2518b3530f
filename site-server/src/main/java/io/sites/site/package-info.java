/**
 * The site server: serves {@code {slug}.{site_host}} and its previews from its own directory of slug to current
 * version, built from events. SiteResponder holds every rule of what to answer and both ports use it: the servlet
 * filter on the API's port (SiteHostFilter) and the dedicated Netty port (SiteListener, SiteConnections,
 * SiteExchange, ResponseWriter, ResponseHeads). SiteDirectoryProjection, SiteDirectory, its snapshots and its
 * catch-up gate keep the directory; SiteFiles keeps hot files and their compressed variants; SiteGate asks for a
 * protected site's password; SitePreviews lets only a grant's holder see a version that is not live (its key,
 * SitePreviewKey, shared through the database). The app assembles it through SiteServerConfiguration and its
 * properties; it uses only shared-api, the blob store port and the limits module, never the command or query side.
 */
package io.sites.site;
