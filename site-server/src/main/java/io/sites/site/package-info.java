/**
 * The site server: serves {@code {slug}.{site_host}} and its previews from its own directory of slug to current
 * version, built from events. Four rooms, each with its own configuration: {@code directory} keeps the directory
 * (slug to versions) from the event stream; {@code serving} decides every answer (SiteResponder) and holds the files
 * it answers with; {@code transport} takes requests to it on both ports (the servlet filter on the API's port, the
 * Netty site port); {@code replica} keeps this process's row among the site replicas. This package holds only their
 * settings (SiteServerProperties). The module uses only shared-api, the blob store port and the limits module, never
 * the command or query side.
 */
package io.sites.site;
