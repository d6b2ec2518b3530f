package io.sites.api.blob;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.util.Optional;

/**
 * Content-addressed storage of file bytes. A blob's name is the lowercase hex SHA-256 of its bytes, so identical
 * bytes are stored once across versions and websites, and a blob never changes once written.
 */
public interface BlobStore {

    /** Stores the bytes (unless a blob with this hash exists) and returns their address. */
    BlobRef write(byte[] bytes) throws IOException;

    /** Streams the bytes into the store, hashing them on the way, and returns their address. */
    BlobRef write(InputStream in) throws IOException;

    boolean contains(String sha256) throws IOException;

    /** The blob's bytes, or empty when no blob has this hash. */
    Optional<InputStream> open(String sha256) throws IOException;

    /** Whether {@link #openFile} can answer: the store keeps its blobs on this machine's disk. */
    default boolean keepsFilesLocally() {
        return false;
    }

    /**
     * The blob as a file on this machine's disk, open for reading, when the store keeps it there (a server can
     * then send it with sendfile, straight from the page cache); empty when it does not, or has no such blob.
     */
    default Optional<FileChannel> openFile(String sha256) throws IOException {
        return Optional.empty();
    }
}
