package io.sites.command.bundle;

import java.util.Arrays;
import java.util.Objects;

/**
 * One checked file of a bundle: where it is served, as what, and its decoded bytes. The array is not copied, so
 * callers must not change it.
 *
 * @param path        normalised relative path (Unicode NFC, no {@code ./} segments), for example {@code assets/app.css}
 * @param contentType the media type it is served with, text types with {@code ; charset=utf-8}
 * @param bytes       the decoded contents
 */
public record BundleFile(String path, String contentType, byte[] bytes) {

    public BundleFile {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(contentType, "contentType");
        Objects.requireNonNull(bytes, "bytes");
    }

    /** Size in bytes. */
    public long size() {
        return bytes.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BundleFile other
                && path.equals(other.path)
                && contentType.equals(other.contentType)
                && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(path, contentType, Arrays.hashCode(bytes));
    }

    @Override
    public String toString() {
        return "BundleFile[path=" + path + ", contentType=" + contentType + ", size=" + bytes.length + "]";
    }
}
