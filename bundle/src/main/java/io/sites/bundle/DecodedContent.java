package io.sites.bundle;

import java.nio.file.Path;

/**
 * A file's inline content as the adapter that received the request already decoded it (large bodies are decoded
 * while they are read and never become one String): what {@link BundleReader} accepts beside a client's
 * {@code content} text, with the same verdicts. Made by an {@link InlineDecoder}.
 */
public sealed interface DecodedContent {

    /** The decoded bytes, small enough to hold. */
    record Held(byte[] bytes) implements DecodedContent {
    }

    /**
     * The decoded bytes in a temporary file the adapter owns and deletes when its request ends.
     *
     * @param sha256 lowercase hex, computed while decoding
     */
    record Spilled(Path file, long size, String sha256) implements DecodedContent {
    }

    /** Valid, but larger after decoding than a file may be; nothing of it was kept. */
    record Oversized(long size) implements DecodedContent {
    }

    /** Declared as base64 but not valid base64: {@code problem} says what and where, as for inline text. */
    record NotBase64(String problem) implements DecodedContent {
    }

    /** Text with an unpaired UTF-16 surrogate at {@code where} ("line L, column C"). */
    record UnpairedSurrogate(char surrogate, String where) implements DecodedContent {
    }
}
