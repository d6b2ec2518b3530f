/**
 * Blob collection (issue 36, items 4 and 5): the collector that removes from the blob store (filesystem or S3) the
 * blobs no retained version, live upload slot or picture refers to, after a grace period, one collector at a time
 * in a fleet. The safety argument is docs/ARCHITECTURE.md's "The life of a blob"; the row protocol is the command
 * side's StoredBlobs.
 */
package io.sites.app.blobs;
