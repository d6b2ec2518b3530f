package io.sites.command.publish;

import java.util.Objects;

/**
 * One file of a bundle to publish: the path it is to be served at as the client spelled it (checked and normalised
 * by the bundle reader), the type the client declared or null, and where its bytes come from.
 */
public record FileInput(String path, String contentType, FileSource source) {
    public FileInput {
        Objects.requireNonNull(source, "source");
    }

    public static FileInput bytes(String path, byte[] bytes) {
        return new FileInput(path, null, new FileSource.Bytes(bytes));
    }
}
