/** The blob store's port: content-addressed bytes by sha256, implemented on a local directory or S3 (blob-store). */
package io.sites.api.blob;
