/**
 * Slug to current version, in memory (SiteDirectory: a few numbers per stored version, its manifest read from the
 * publishing event on demand into ManifestCache, bounded by bytes): kept by its own projection
 * (SiteDirectoryProjection), saved in snapshots, read from the store's history at start (SiteDirectoryHistory), and
 * caught up with the store's head before it answers (SiteDirectoryCatchUp). Its API: SiteDirectory to read, and
 * DirectoryProgress, through which it tells whoever publishes how far it has read (the replica room) without
 * knowing it.
 */
package io.sites.site.directory;
