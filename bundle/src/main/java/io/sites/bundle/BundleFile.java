package io.sites.bundle;

import io.sites.api.blob.BlobRef;
import java.util.Arrays;
import java.util.Objects;

/**
 * One checked file of a bundle: where it is served, as what, and its decoded bytes. The array is not copied, so
 * callers must not change it.
 *
 * <p>A file that arrived by upload slot or sourceUrl is already in the blob store: it carries that {@code stored}
 * reference, and its bytes only when they had to be read for the authoring rules (HTML, SVG, CSS, JavaScript), so a
 * 50 MB video is never held in memory.
 *
 * <p>Large inline content decoded while the request was read sits in a temporary file ({@code spilled}) until it
 * is stored; its bytes are held too only when the authoring rules had to read them.
 *
 * @param path        normalised relative path (Unicode NFC, no {@code ./} segments), for example {@code assets/app.css}
 * @param contentType the media type it is served with, text types with {@code ; charset=utf-8}
 * @param bytes       the decoded contents; null only when {@code stored} or {@code spilled} is set
 * @param stored      the blob already holding the contents, or null for inline files
 * @param spilled     the temporary file holding decoded inline contents, or null
 */
public record BundleFile(String path, String contentType, byte[] bytes, BlobRef stored,
        DecodedContent.Spilled spilled) {

    public BundleFile {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(contentType, "contentType");
        if (bytes == null && stored == null && spilled == null) {
            throw new NullPointerException("bytes");
        }
    }

    public BundleFile(String path, String contentType, byte[] bytes, BlobRef stored) {
        this(path, contentType, bytes, stored, null);
    }

    public BundleFile(String path, String contentType, byte[] bytes) {
        this(path, contentType, Objects.requireNonNull(bytes, "bytes"), null, null);
    }

    /** Size in bytes. */
    public long size() {
        return stored != null ? stored.size() : spilled != null ? spilled.size() : bytes.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BundleFile other
                && path.equals(other.path)
                && contentType.equals(other.contentType)
                && Arrays.equals(bytes, other.bytes)
                && Objects.equals(stored, other.stored)
                && Objects.equals(spilled, other.spilled);
    }

    @Override
    public int hashCode() {
        return Objects.hash(path, contentType, Arrays.hashCode(bytes), stored, spilled);
    }

    @Override
    public String toString() {
        return "BundleFile[path=" + path + ", contentType=" + contentType + ", size=" + size()
                + (stored != null ? ", stored=" + stored.sha256() : "") + "]";
    }
}
