package io.sites.api.blob;

import java.io.IOException;
import java.io.InputStream;
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
}
