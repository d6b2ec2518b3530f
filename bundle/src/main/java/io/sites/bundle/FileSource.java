package io.sites.bundle;

import java.util.Objects;

/**
 * Where one file's bytes come from, as an entry point hands it to the {@link BundleReader}: bytes it already holds,
 * text, inline content still encoded, content decoded while the request was read, an upload slot, a sourceUrl or a
 * stored blob named by its digest.
 * Each adapter maps its own wire format to one of these; the reader checks them all by the same rules.
 */
public sealed interface FileSource {

    /**
     * The source a file object of the interface names (content with its contentEncoding, sourceUrl, uploadKey or
     * sha256; blank addresses count as absent), or {@link Malformed} as sent when it names none, several, or a
     * contentEncoding the interface does not know. Base64 stays encoded, so invalid base64 is named by the reader.
     *
     * @param decoded the content when the adapter decoded it while reading the request (then {@code content} is
     *                null), or null
     */
    static FileSource asSent(String content, DecodedContent decoded, String contentEncoding, String sourceUrl,
            String uploadKey, String sha256) {
        boolean base64 = "base64".equals(contentEncoding);
        boolean encodingKnown = contentEncoding == null || base64 || "utf8".equals(contentEncoding);
        boolean inline = content != null || decoded != null;
        boolean source = present(sourceUrl);
        boolean upload = present(uploadKey);
        boolean digest = present(sha256);
        int bodies = (inline ? 1 : 0) + (source ? 1 : 0) + (upload ? 1 : 0) + (digest ? 1 : 0);
        if (bodies != 1 || !encodingKnown) {
            return new Malformed(content, decoded, contentEncoding, sourceUrl, uploadKey, sha256);
        }
        if (source) {
            return new SourceUrl(sourceUrl);
        }
        if (upload) {
            return new UploadKey(uploadKey);
        }
        if (digest) {
            return new StoredBlob(sha256);
        }
        if (decoded != null) {
            return new Decoded(decoded);
        }
        return base64 ? new Encoded(content) : new Text(content);
    }

    /** As {@link #asSent(String, DecodedContent, String, String, String, String)} without a digest. */
    static FileSource asSent(String content, DecodedContent decoded, String contentEncoding, String sourceUrl,
            String uploadKey) {
        return asSent(content, decoded, contentEncoding, sourceUrl, uploadKey, null);
    }

    /** The interface treats a blank sourceUrl or uploadKey as absent. */
    static boolean present(String value) {
        return value != null && !value.isBlank();
    }

    /** Bytes the entry point already holds, such as a file the web application unpacked. */
    record Bytes(byte[] bytes) implements FileSource {
        public Bytes {
            Objects.requireNonNull(bytes, "bytes");
        }
    }

    /** The file's text, stored as UTF-8; an unpaired surrogate in it is a violation. */
    record Text(String text) implements FileSource {
        public Text {
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * Inline content still base64-encoded: decoded when the bundle is read, so text that is not base64 is a
     * violation saying what is wrong and where, and a file above the limit is never decoded whole.
     */
    record Encoded(String base64) implements FileSource {
        public Encoded {
            Objects.requireNonNull(base64, "base64");
        }
    }

    /**
     * Inline content the adapter decoded while it read the request (a large body is never one String), with its
     * verdict: the bundle reader gives it the same checks and messages as the text would have had.
     */
    record Decoded(DecodedContent content) implements FileSource {
        public Decoded {
            Objects.requireNonNull(content, "content");
        }
    }

    /** One of the caller's upload slots, resolved to its stored blob. */
    record UploadKey(String key) implements FileSource {
        public UploadKey {
            Objects.requireNonNull(key, "key");
        }
    }

    /**
     * A blob already in the store, named by its SHA-256 as the client sent it: a file this account stored before
     * (or one of the website's own versions holds). Resolved by {@link RemoteFiles} like an upload, but not counted
     * as a remote file: nothing is fetched or uploaded for it.
     */
    record StoredBlob(String sha256) implements FileSource {
        public StoredBlob {
            Objects.requireNonNull(sha256, "sha256");
        }
    }

    /** A public https address the bytes are fetched from, straight into the blob store. */
    record SourceUrl(String url) implements FileSource {
        public SourceUrl {
            Objects.requireNonNull(url, "url");
        }
    }

    /**
     * A body the interface refuses as sent: none, more than one, or a contentEncoding it does not know. Kept as the
     * client wrote it, so that the violation names exactly what was sent.
     *
     * @param decoded the content, when the adapter decoded it while reading the request (then {@code content} is
     *                null)
     */
    record Malformed(String content, DecodedContent decoded, String contentEncoding, String sourceUrl,
            String uploadKey, String sha256) implements FileSource {

        public Malformed(String content, DecodedContent decoded, String contentEncoding, String sourceUrl,
                String uploadKey) {
            this(content, decoded, contentEncoding, sourceUrl, uploadKey, null);
        }
    }
}
