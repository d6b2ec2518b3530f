package io.sites.api.site;

import java.util.Objects;

/** One file of a stored version: where it is served, as what, and which blob holds its bytes. */
public record ManifestEntry(String path, String contentType, long size, String sha256) {
    public ManifestEntry {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(contentType, "contentType");
        Objects.requireNonNull(sha256, "sha256");
        if (size < 0) {
            throw new IllegalArgumentException("negative size");
        }
    }
}
