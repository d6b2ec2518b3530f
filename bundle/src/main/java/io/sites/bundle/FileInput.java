package io.sites.bundle;

import java.util.Objects;

/**
 * One file of a bundle as an entry point hands it to the reader: the path it is to be served at as the client
 * spelled it (checked and normalised by {@link BundleReader}), the type the client declared or null, and where its
 * bytes come from.
 */
public record FileInput(String path, String contentType, FileSource source) {
    public FileInput {
        Objects.requireNonNull(source, "source");
    }

    public static FileInput bytes(String path, byte[] bytes) {
        return new FileInput(path, null, new FileSource.Bytes(bytes));
    }

    public static FileInput text(String path, String text) {
        return new FileInput(path, null, new FileSource.Text(text));
    }
}
