/**
 * The blob store's ports: content-addressed bytes by sha256 ({@link io.sites.api.blob.BlobStore}) and the named
 * snapshots kept beside them ({@link io.sites.api.blob.SnapshotStore}), on a local directory or S3 (blob-store).
 */
package io.sites.api.blob;
