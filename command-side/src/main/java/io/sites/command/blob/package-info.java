/**
 * The BlobStore implementations (filesystem, S3) and the configuration that picks one. Every other class, in this
 * module and in the site server, uses the BlobStore port of shared-api, never these.
 */
package io.sites.command.blob;
