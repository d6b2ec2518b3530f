/**
 * The BlobStore implementations (filesystem, S3) and the configuration that picks one; app puts them on the
 * classpath. Every other class, in the command side and in the site server, uses the BlobStore port of shared-api,
 * never these.
 */
package io.sites.blob;
