package io.sites.api.blob;

/** Where a blob lives: its SHA-256 in lowercase hex, and its size in bytes. */
public record BlobRef(String sha256, long size) {
}
