package io.sites.api.blob;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Named snapshots kept beside the blobs (a directory under the blob root, or keys under the bucket's prefix), where
 * every replica reads them: unlike a blob, a snapshot is named by its writer and removed by it. The blob collector
 * never sees them (their names are not digests), and they keep no blob alive (the collector reads the database).
 */
public interface SnapshotStore {

    /** Stores the file under {@code name} ({@code [A-Za-z0-9._-]}, at most 200 characters), whole or not at all. */
    void put(String name, Path file) throws IOException;

    /** Every stored snapshot's name, in no particular order. */
    List<String> names() throws IOException;

    /** The snapshot's bytes, or empty when there is none by that name (removed meanwhile). */
    Optional<InputStream> open(String name) throws IOException;

    /** Removes it; no error when it is already gone. */
    void delete(String name) throws IOException;

    /** Refuses a name that could leave the snapshots' place. */
    static String requireValidName(String name) {
        if (name == null || name.isEmpty() || name.length() > 200 || name.startsWith(".")
                || !name.chars().allMatch(c -> c < 128 && (Character.isLetterOrDigit(c) || c == '.' || c == '_'
                        || c == '-'))) {
            throw new IllegalArgumentException("not a snapshot name: " + name);
        }
        return name;
    }
}
