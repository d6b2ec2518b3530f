/**
 * A picture of every version: after VersionPublished, off the publish path, headless Chromium (where the operator
 * has it) photographs the version as this replica's site server serves it on loopback; the PNG goes to the blob
 * store and the pages show it, or the site's own icon when there is none. Uses the query bus and the blob port only.
 */
package io.sites.app.pictures;
